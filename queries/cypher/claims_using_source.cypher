// Which claims relied on source Y: verdicts that cited a fact from it.
MATCH (c:Claim)-[:HAS_VERDICT]->(v:Verdict)-[:USED_EVIDENCE]->(s:Source {iri: $source})
RETURN c.claimId AS claimId, c.text AS claim, v.label AS verdict
ORDER BY claimId
