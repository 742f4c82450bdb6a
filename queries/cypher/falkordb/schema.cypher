// FalkorDB: an index on every node key of kgfc's mapping (FalkorDB's CREATE INDEX has
// no IF NOT EXISTS; kgfc skips the indexes that are there already). The MERGEs keep
// the keys unique.
CREATE INDEX FOR (n:Entity) ON (n.iri);
CREATE INDEX FOR (n:Value) ON (n.key);
CREATE INDEX FOR (n:Source) ON (n.iri);
CREATE INDEX FOR (n:Claim) ON (n.iri);
CREATE INDEX FOR (n:Claim) ON (n.claimId);
CREATE INDEX FOR (n:Verdict) ON (n.iri);
CREATE INDEX FOR (n:Statement) ON (n.iri)
