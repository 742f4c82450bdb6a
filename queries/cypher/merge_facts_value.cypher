// Facts with a literal object (a Value node): one relationship per (subject, property,
// object), typed by the property's local name ({{type}}, a checked identifier),
// remembering every source graph that states it and the best confidence.
UNWIND $rows AS row
MATCH (s:Entity {iri: row.s})
MATCH (o:Value {key: row.o})
MERGE (s)-[r:{{type}} {property: row.property}]->(o)
ON CREATE SET r.sources = [row.source], r.confidence = row.confidence, r.label = row.label
ON MATCH SET r.sources = CASE WHEN row.source IN r.sources THEN r.sources ELSE r.sources + row.source END,
             r.confidence = CASE WHEN row.confidence > r.confidence THEN row.confidence ELSE r.confidence END,
             r.label = coalesce(r.label, row.label)
