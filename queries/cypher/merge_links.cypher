// Claim -> verdict -> statement -> subject/object/source links. The target is
// merged, not matched: a cited source not mirrored yet gets a placeholder node
// (no syncKey) that its own sync fills in later.
UNWIND $rows AS row
MATCH (a:$(row.from_label) {iri: row.from})
MERGE (b:$(row.to_label) {iri: row.to})
MERGE (a)-[:$(row.type)]->(b)
