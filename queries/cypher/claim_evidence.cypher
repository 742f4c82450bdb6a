// What supported claim X: the verdict and the facts it cited, with their sources.
MATCH (c:Claim {claimId: $claimId})-[:HAS_VERDICT]->(v:Verdict)-[:CITES]->(st:Statement)
OPTIONAL MATCH (st)-[:FROM]->(src:Source)
RETURN c.text AS claim, v.label AS verdict, v.confidence AS confidence,
       st.evidenceId AS evidenceId, st.text AS fact, src.iri AS source
ORDER BY evidenceId
