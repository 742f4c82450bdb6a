// Literal objects (dates, numbers, strings) as Value nodes keyed by a hash of the literal.
UNWIND $rows AS row
MERGE (v:Value {key: row.key})
SET v.value = row.value, v.datatype = row.datatype, v.lang = row.lang
