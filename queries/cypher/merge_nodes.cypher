// Claim, Verdict and Statement nodes (keyed by IRI); {{label}} is one of those three.
UNWIND $rows AS row
MERGE (n:{{label}} {iri: row.iri})
SET n += row
