from kgfc.document.claims import decompose
from kgfc.nlp.spacy_pipeline import parse
for t in ["Nino Rota was born in Milan and died in Rome.",
"Nino Rota was an Italian composer and pianist.",
"Bertrand Russell was a philosopher and mathematician.",
"Nino Rota, an Italian composer, was born in Milan.",
"Nino Rota, who was born in Milan, studied at the Curtis Institute of Music.",
"Born in Boston, Lisa Edelstein became an actress.",
"Nino Rota studied at the Curtis Institute of Music and the Milan Conservatory.",
"Nino Rota was born in Milan, Italy.",
"Val Kilmer was born in Los Angeles, and Lisa Edelstein was born in Boston.",
"Nino Rota was a composer, pianist and conductor.",
"Simon and Garfunkel recorded albums.",
"Nino Rota was born in Milan."]:
    d=parse(t)
    print(t); 
    for p in decompose(d): print("   ", p.text, "|", t[p.start:p.end])
