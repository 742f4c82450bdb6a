// Every claim that relied on source $source (its IRI): the verdicts that used its
// evidence, with the facts from it they cited.
MATCH (c:Claim)-[:HAS_VERDICT]->(v:Verdict)-[:USED_EVIDENCE]->(s:Source {iri: $source})
OPTIONAL MATCH (v)-[:CITES]->(st:Statement)-[:FROM]->(s)
RETURN c.claimId AS claimId, c.text AS claim, v.label AS verdict,
       collect(st.text) AS citedFacts
ORDER BY claimId
