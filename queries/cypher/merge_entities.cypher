// Entity nodes with their English label, description and aliases.
UNWIND $rows AS row
MERGE (e:Entity {iri: row.iri})
SET e.label = coalesce(row.label, e.label),
    e.description = coalesce(row.description, e.description),
    e.aliases = CASE WHEN row.aliases IS NULL THEN e.aliases
                ELSE reduce(acc = coalesce(e.aliases, []), a IN row.aliases |
                            CASE WHEN a IN acc THEN acc ELSE acc + a END) END
