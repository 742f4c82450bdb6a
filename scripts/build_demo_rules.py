"""Mine the rules of the bundled demo KG once and ship them (AMIE-style and completion rules).

Mining the demo KG takes ~30 s on 2 cores: too long for a user's first
``kgfc verify``. The local reasoner loads ``kgfc/data/demo_rules.json`` when
the store's fact sources are exactly the demo's (see
``kgfc.reason.rules.fact_fingerprint``). Re-run after rebuilding the demo KG::

    python scripts/build_demo_rules.py
"""

from __future__ import annotations

import gzip
import json
import time

from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.reason import completion
from kgfc.reason.local import LocalReasoner
from kgfc.reason.rules import SHIPPED_RULES, fact_fingerprint, mine_store_rules, ruleset_to_json


def main() -> None:
    store = OxigraphStore()
    ensure_demo(store)
    r = LocalReasoner(store)
    key = (r.rule_min_support, r.rule_min_confidence, r.rule_max_heads)
    start = time.perf_counter()
    rules = mine_store_rules(store, min_support=key[0], min_confidence=key[1], max_heads=key[2])
    data = ruleset_to_json(rules)
    data["seconds"] = 0.0  # keep the file reproducible
    data.update(fingerprint=fact_fingerprint(store), key=list(key))
    SHIPPED_RULES.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(rules)} rules mined in {time.perf_counter() - start:.1f}s -> {SHIPPED_RULES}")

    # The completion rules (path rules up to length 3, rules with constants).
    start = time.perf_counter()
    model = completion.completion_for(store)
    data = model.rules.to_json()
    data["seconds"] = 0.0
    data.update(fingerprint=fact_fingerprint(store), key=completion.RULE_DEFAULTS)
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
    completion.SHIPPED.write_bytes(gzip.compress(raw, mtime=0))
    print(
        f"{len(model.rules)} completion rules in {time.perf_counter() - start:.1f}s -> {completion.SHIPPED}"
    )


if __name__ == "__main__":
    main()
