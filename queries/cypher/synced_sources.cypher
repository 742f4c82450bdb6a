// Sources the mirror holds completely: a Source node gets its syncKey only
// after all of its facts are in (placeholders made by links have none).
MATCH (s:Source) WHERE s.syncKey IS NOT NULL
RETURN s.iri AS iri, s.syncKey AS syncKey
