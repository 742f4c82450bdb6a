from kgfc.nlp.spacy_pipeline import parse
import sys
for t in sys.argv[1:]:
    for tok in parse(t): print(tok.i, tok.text, tok.pos_, tok.tag_, tok.dep_, tok.head.i, tok.ent_type_)
    print()
