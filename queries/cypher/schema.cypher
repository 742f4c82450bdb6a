// Neo4j: uniqueness constraints (and so indexes) on every node key of kgfc's mapping.
// Several statements, separated by semicolons; run once per sync, idempotent.
// (FalkorDB reads falkordb/schema.cypher instead.)
CREATE CONSTRAINT kgfc_entity_iri IF NOT EXISTS FOR (n:Entity) REQUIRE n.iri IS UNIQUE;
CREATE CONSTRAINT kgfc_value_key IF NOT EXISTS FOR (n:Value) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT kgfc_source_iri IF NOT EXISTS FOR (n:Source) REQUIRE n.iri IS UNIQUE;
CREATE CONSTRAINT kgfc_claim_iri IF NOT EXISTS FOR (n:Claim) REQUIRE n.iri IS UNIQUE;
CREATE INDEX kgfc_claim_id IF NOT EXISTS FOR (n:Claim) ON (n.claimId);
CREATE CONSTRAINT kgfc_verdict_iri IF NOT EXISTS FOR (n:Verdict) REQUIRE n.iri IS UNIQUE;
CREATE CONSTRAINT kgfc_statement_iri IF NOT EXISTS FOR (n:Statement) REQUIRE n.iri IS UNIQUE
