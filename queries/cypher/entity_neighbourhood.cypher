// An entity's one-hop neighbourhood ($iri), by source: one row per fact and source graph
// stating it, with the direction, the property and the neighbour (an entity or a value).
MATCH (e:Entity {iri: $iri})-[r]-(n)
WHERE r.sources IS NOT NULL
UNWIND r.sources AS source
RETURN source, CASE WHEN startNode(r) = e THEN 'out' ELSE 'in' END AS direction,
       type(r) AS type, r.property AS property, r.label AS propertyLabel,
       coalesce(n.iri, n.value) AS neighbour, n.label AS neighbourLabel
ORDER BY source, direction, type, neighbour
