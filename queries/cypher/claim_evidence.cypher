// A claim's evidence: its verdict and every fact the verdict cited (claims recorded
// before kgfc 0.2 also kept what it only considered: cited is false there), each fact
// with its subject, property, object and the source it came from.
MATCH (c:Claim {claimId: $claimId})-[:HAS_VERDICT]->(v:Verdict)
OPTIONAL MATCH (v)-[:CITES|CONSIDERED]->(st:Statement)
OPTIONAL MATCH (st)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (st)-[:OBJECT]->(o)
OPTIONAL MATCH (st)-[:FROM]->(src:Source)
RETURN c.iri AS claimIri, c.text AS claim, v.label AS verdict, v.confidence AS confidence,
       st.evidenceId AS evidenceId, st.text AS fact, s.iri AS subject, st.property AS property,
       coalesce(o.iri, o.value) AS object, st.cited AS cited,
       src.iri AS source, src.kind AS sourceKind, src.location AS location
ORDER BY evidenceId, source
