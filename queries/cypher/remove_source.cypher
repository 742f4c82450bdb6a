// Take one source graph out of the mirror (retracted, or about to be re-synced).
// Facts stated only by it go; facts other sources state too lose it from their list.
MATCH ()-[r]->() WHERE $iri IN r.sources AND size(r.sources) = 1 DELETE r;
MATCH ()-[r]->() WHERE $iri IN r.sources SET r.sources = [x IN r.sources WHERE x <> $iri];
MATCH (c:Claim {graph: $iri})
OPTIONAL MATCH (c)-[:HAS_VERDICT]->(v)
OPTIONAL MATCH (v)-[:CITES|CONSIDERED]->(st)
DETACH DELETE c, v, st;
MATCH (s:Source {iri: $iri}) DETACH DELETE s;
MATCH (n) WHERE (n:Entity OR n:Value) AND NOT (n)--() DELETE n
