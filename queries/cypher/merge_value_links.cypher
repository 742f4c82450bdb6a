// A statement's literal object: the Value node it points at ({{type}} is OBJECT).
UNWIND $rows AS row
MATCH (a:{{from_label}} {iri: row.from})
MATCH (b:Value {key: row.to})
MERGE (a)-[:{{type}}]->(b)
