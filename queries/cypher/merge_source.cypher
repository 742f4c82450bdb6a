// The source node, written last: its syncKey marks the source as mirrored whole.
MERGE (s:Source {iri: $source.iri})
SET s += $source
