import time, sys, json
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.pipeline.api import FactChecker
from kgfc.settings import load_settings
from kgfc.document.check import check_document
store = OxigraphStore(); ensure_demo(store)
ch = FactChecker(store, settings=load_settings(offline=True), policy="fixed")
text = open(sys.argv[1]).read()
t=time.time()
rep = check_document(ch, text)
print("seconds", time.time()-t)
for s in rep.sentences:
    print(f"[{s.index}] {s.status}/{s.skip} {s.text!r}\n     -> {s.resolved!r} refs={[ (r.text, r.name) for r in s.references]} {s.reason}")
    for cid in s.claims:
        c = rep.claim(cid)
        print(f"     {c.id} {c.verdict and c.verdict.value} chk={c.checkable} {c.text!r} span={rep.text[c.start:c.end]!r} :: {c.justification[:100]}")
print(rep.summary)
t=time.time()
rep = check_document(ch, text + "\n\nLisa Edelstein was born in Boston.")
print("second run", time.time()-t)
