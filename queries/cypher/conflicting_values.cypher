// Conflicting values on a single-valued property: entities with more than one value for
// the property whose relationship type is {{type}} (its local name: bind type=P19 for
// wdt:P19), one row per value with the sources that state it.
MATCH (e:Entity)-[r:{{type}}]->(o)
WITH e, collect({value: coalesce(o.iri, o.value), label: o.label, sources: r.sources}) AS vals
WHERE size(vals) > 1
UNWIND vals AS v
RETURN e.iri AS entity, e.label AS label, v.value AS value, v.label AS valueLabel,
       v.sources AS sources
ORDER BY entity, value
