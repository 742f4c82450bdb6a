// Claim -> verdict -> statement -> subject/object/source links, one statement per
// ({{type}}, {{from_label}}, {{to_label}}). The target is merged, not matched: a cited
// source not mirrored yet gets a placeholder node (no syncKey) that its own sync fills in.
UNWIND $rows AS row
MATCH (a:{{from_label}} {iri: row.from})
MERGE (b:{{to_label}} {iri: row.to})
MERGE (a)-[:{{type}}]->(b)
