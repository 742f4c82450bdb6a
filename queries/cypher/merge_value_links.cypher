// A statement's literal object: the Value node it points at.
UNWIND $rows AS row
MATCH (a:$(row.from_label) {iri: row.from})
MATCH (b:Value {key: row.to})
MERGE (a)-[:$(row.type)]->(b)
