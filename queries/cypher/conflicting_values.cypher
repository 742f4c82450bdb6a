// Conflicting values on a single-valued property: entities with more than one value for
// the property whose relationship type is {{type}} (its local name: bind type=P19 for
// wdt:P19), one row per value with the sources that state it.
MATCH (e:Entity)-[r:{{type}}]->()
WITH e, count(r) AS n
WHERE n > 1
MATCH (e)-[r:{{type}}]->(o)
RETURN e.iri AS entity, e.label AS label, coalesce(o.iri, o.value) AS value,
       o.label AS valueLabel, r.sources AS sources
ORDER BY entity, value
