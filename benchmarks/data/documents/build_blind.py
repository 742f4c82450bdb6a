"""Writes documents_blind.jsonl: the blind documents (written before kgfc's document reader was tuned).

Each sentence: (text, kind, refers_to, claims). kind is "worthy" or why it is not
(opinion, question, prediction, quote, speculation, not_covered, heading); refers_to is
(mention, QID) for a sentence that leans on a pronoun, short name or description from
before; claims are (claim as checked by hand, label, triples) where triples are
(S, P, O) ids the label rests on. "¶" starts a new paragraph.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import write  # noqa: E402

S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

DOCS = [
    ("blind-01", "bio", [
        ("Sylvia Plath was an American poet and writer.", "worthy", None, [
            ("Sylvia Plath was an American poet.", S, [("Q133054", "P106", "Q49757"), ("Q133054", "P27", "Q30")]),
            ("Sylvia Plath was an American writer.", S, [("Q133054", "P106", "Q36180"), ("Q133054", "P27", "Q30")]),
        ]),
        ("She was born in Boston.", "worthy", ("She", "Q133054"), [
            ("Sylvia Plath was born in Boston.", S, [("Q133054", "P19", "Q100")]),
        ]),
        ("Plath studied at Smith College.", "worthy", ("Plath", "Q133054"), [
            ("Sylvia Plath studied at Smith College.", S, [("Q133054", "P69", "Q49204")]),
        ]),
        ("Her poems are unforgettable.", "opinion", ("Her", "Q133054"), []),
        ("She died in London.", "worthy", ("She", "Q133054"), [
            ("Sylvia Plath died in London.", S, [("Q133054", "P20", "Q84")]),
        ]),
        ("Was she the finest poet of her generation?", "question", ("she", "Q133054"), []),
    ]),
    ("blind-02", "bio", [
        ("Edgar Allan Poe", "heading", None, []),
        ("¶", None, None, []),
        ("Edgar Allan Poe was an American writer, poet and journalist.", "worthy", None, [
            ("Edgar Allan Poe was an American writer.", S, [("Q16867", "P106", "Q36180"), ("Q16867", "P27", "Q30")]),
            ("Edgar Allan Poe was an American poet.", S, [("Q16867", "P106", "Q49757"), ("Q16867", "P27", "Q30")]),
            ("Edgar Allan Poe was an American journalist.", S, [("Q16867", "P106", "Q1930187"), ("Q16867", "P27", "Q30")]),
        ]),
        ("He was born in Boston and died in Baltimore.", "worthy", ("He", "Q16867"), [
            ("Edgar Allan Poe was born in Boston.", S, [("Q16867", "P19", "Q100")]),
            ("Edgar Allan Poe died in Baltimore.", S, [("Q16867", "P20", "Q5092")]),
        ]),
        ("Poe attended the University of Virginia.", "worthy", ("Poe", "Q16867"), [
            ("Edgar Allan Poe attended the University of Virginia.", S, [("Q16867", "P69", "Q213439")]),
        ]),
        ("Some say he was born in Richmond.", "speculation", ("he", "Q16867"), []),
        ("His stories will be read for centuries.", "prediction", ("His", "Q16867"), []),
    ]),
    ("blind-03", "news", [
        ("Fun fact: Oscar Wilde was born in London.", "worthy", None, [
            ("Oscar Wilde was born in London.", R, [("Q30875", "P19", "Q84")]),
        ]),
        ("Actually, the playwright was born in Dublin.", "worthy", ("the playwright", "Q30875"), [
            ("Oscar Wilde was born in Dublin.", S, [("Q30875", "P19", "Q1761")]),
        ]),
        ("Wilde studied at Trinity College Dublin and Magdalen College.", "worthy", ("Wilde", "Q30875"), [
            ("Oscar Wilde studied at Trinity College Dublin.", S, [("Q30875", "P69", "Q258464")]),
            ("Oscar Wilde studied at Magdalen College.", S, [("Q30875", "P69", "Q81162")]),
        ]),
        ("He died in Paris.", "worthy", ("He", "Q30875"), [
            ("Oscar Wilde died in Paris.", S, [("Q30875", "P20", "Q90")]),
        ]),
        ("His wit was brilliant.", "opinion", ("His", "Q30875"), []),
    ]),
    ("blind-04", "bio", [
        ("Karl Marx was a philosopher and economist.", "worthy", None, [
            ("Karl Marx was a philosopher.", S, [("Q9061", "P106", "Q4964182")]),
            ("Karl Marx was an economist.", S, [("Q9061", "P106", "Q188094")]),
        ]),
        ("He was born in Berlin.", "worthy", ("He", "Q9061"), [
            ("Karl Marx was born in Berlin.", R, [("Q9061", "P19", "Q64")]),
        ]),
        ("Marx studied at the University of Bonn.", "worthy", ("Marx", "Q9061"), [
            ("Karl Marx studied at the University of Bonn.", S, [("Q9061", "P69", "Q152171")]),
        ]),
        ("In 1849 he moved to London, where he died.", "worthy", ("he", "Q9061"), [
            ("Karl Marx died in London.", S, [("Q9061", "P20", "Q84")]),
        ]),
        ("According to one biographer, he loved Shakespeare.", "quote", ("he", "Q9061"), []),
    ]),
    ("blind-05", "news", [
        ("Louis Armstrong, a jazz musician, was born in New Orleans.", "worthy", None, [
            ("Louis Armstrong was born in New Orleans.", S, [("Q1779", "P19", "Q34404")]),
            ("Louis Armstrong was a jazz musician.", S, [("Q1779", "P106", "Q15981151")]),
        ]),
        ("He recorded for Columbia Records.", "worthy", ("He", "Q1779"), [
            ("Louis Armstrong recorded for Columbia Records.", S, [("Q1779", "P264", "Q183387")]),
        ]),
        ("Armstrong died in New Orleans.", "worthy", ("Armstrong", "Q1779"), [
            ("Louis Armstrong died in New Orleans.", R, [("Q1779", "P20", "Q34404")]),
        ]),
        ("His trumpet solos are legendary.", "opinion", ("His", "Q1779"), []),
        ("The weather in the city was humid that summer.", "not_covered", None, []),
    ]),
    ("blind-06", "bio", [
        ("Stephen Hawking was born in Cambridge.", "worthy", None, [
            ("Stephen Hawking was born in Cambridge.", R, [("Q17714", "P19", "Q350")]),
        ]),
        ("The physicist died in Cambridge.", "worthy", ("The physicist", "Q17714"), [
            ("Stephen Hawking died in Cambridge.", S, [("Q17714", "P20", "Q350")]),
        ]),
        ("He is buried in Westminster Abbey.", "worthy", ("He", "Q17714"), [
            ("Stephen Hawking is buried in Westminster Abbey.", S, [("Q17714", "P119", "Q5933")]),
        ]),
        ("Hawking was a mathematician.", "worthy", ("Hawking", "Q17714"), [
            ("Stephen Hawking was a mathematician.", S, [("Q17714", "P106", "Q170790")]),
        ]),
        ("I think he was the greatest scientist of our time.", "opinion", ("he", "Q17714"), []),
        ("He wrote his first book in 1988.", "not_covered", ("He", "Q17714"), []),
    ]),
    ("blind-07", "social", [
        ("Did you know that Rudyard Kipling was born in Mumbai?", "worthy", None, [
            ("Rudyard Kipling was born in Mumbai.", S, [("Q34743", "P19", "Q1156")]),
        ]),
        ("He was a British journalist and poet.", "worthy", ("He", "Q34743"), [
            ("Rudyard Kipling was a British journalist.", S, [("Q34743", "P106", "Q1930187"), ("Q34743", "P27", "Q145")]),
            ("Rudyard Kipling was a British poet.", S, [("Q34743", "P106", "Q49757"), ("Q34743", "P27", "Q145")]),
        ]),
        ("Kipling died in Paris.", "worthy", ("Kipling", "Q34743"), [
            ("Rudyard Kipling died in Paris.", R, [("Q34743", "P20", "Q90")]),
        ]),
        ("He might have visited Japan twice.", "speculation", ("He", "Q34743"), []),
        ("His grave is in Westminster Abbey.", "worthy", ("His", "Q34743"), [
            ("Rudyard Kipling's grave is in Westminster Abbey.", S, [("Q34743", "P119", "Q5933")]),
        ]),
    ]),
    ("blind-08", "news", [
        ("Walt Disney was born in Chicago.", "worthy", None, [
            ("Walt Disney was born in Chicago.", S, [("Q8704", "P19", "Q1297")]),
        ]),
        ("He was an animator and a film producer.", "worthy", ("He", "Q8704"), [
            ("Walt Disney was an animator.", S, [("Q8704", "P106", "Q266569")]),
            ("Walt Disney was a film producer.", S, [("Q8704", "P106", "Q3282637")]),
        ]),
        ("Disney was a member of the Democratic Party.", "worthy", ("Disney", "Q8704"), [
            ("Walt Disney was a member of the Democratic Party.", R, [("Q8704", "P102", "Q29552")]),
        ]),
        ("Critics claimed that his films were too sentimental.", "quote", ("his", "Q8704"), []),
        ("He died of lung cancer.", "worthy", ("He", "Q8704"), [
            ("Walt Disney died of lung cancer.", S, [("Q8704", "P509", "Q47912")]),
        ]),
        ("His company will open a new park next year.", "prediction", ("His", "Q8704"), []),
    ]),
    ("blind-09", "bio", [
        ("Jimi Hendrix was an American guitarist.", "worthy", None, [
            ("Jimi Hendrix was an American guitarist.", S, [("Q5928", "P106", "Q855091"), ("Q5928", "P27", "Q30")]),
        ]),
        ("He was born in Los Angeles.", "worthy", ("He", "Q5928"), [
            ("Jimi Hendrix was born in Los Angeles.", R, [("Q5928", "P19", "Q65")]),
        ]),
        ("Hendrix also served as a soldier.", "worthy", ("Hendrix", "Q5928"), [
            ("Jimi Hendrix was a soldier.", S, [("Q5928", "P106", "Q4991371")]),
        ]),
        ("He died in Kensington.", "worthy", ("He", "Q5928"), [
            ("Jimi Hendrix died in Kensington.", S, [("Q5928", "P20", "Q288781")]),
        ]),
        ("What a genius he was!", "opinion", ("he", "Q5928"), []),
    ]),
    ("blind-10", "news", [
        ("Humphrey Bogart was born in New York City.", "worthy", None, [
            ("Humphrey Bogart was born in New York City.", S, [("Q16390", "P19", "Q60")]),
        ]),
        ("He married Lauren Bacall.", "worthy", ("He", "Q16390"), [
            ("Humphrey Bogart married Lauren Bacall.", S, [("Q16390", "P26", "Q104000")]),
        ]),
        ("Bogart worked for Warner Bros.", "worthy", ("Bogart", "Q16390"), [
            ("Humphrey Bogart worked for Warner Bros.", S, [("Q16390", "P108", "Q126399")]),
        ]),
        ("The actor died in New York City.", "worthy", ("The actor", "Q16390"), [
            ("Humphrey Bogart died in New York City.", R, [("Q16390", "P20", "Q60")]),
        ]),
        ("Fans say his films are timeless.", "quote", ("his", "Q16390"), []),
        ("¶", None, None, []),
        ("Lauren Bacall was an American singer.", "worthy", None, [
            ("Lauren Bacall was an American singer.", S, [("Q104000", "P106", "Q177220"), ("Q104000", "P27", "Q30")]),
        ]),
        ("She was born in The Bronx.", "worthy", ("She", "Q104000"), [
            ("Lauren Bacall was born in The Bronx.", S, [("Q104000", "P19", "Q18426")]),
        ]),
    ]),
    ("blind-11", "social", [
        ("George Harrison was born in London!", "worthy", None, [
            ("George Harrison was born in London.", R, [("Q2643", "P19", "Q84")]),
        ]),
        ("No wait, he was born in Liverpool.", "worthy", ("he", "Q2643"), [
            ("George Harrison was born in Liverpool.", S, [("Q2643", "P19", "Q24826")]),
        ]),
        ("Harrison was part of The Beatles.", "worthy", ("Harrison", "Q2643"), [
            ("George Harrison was part of The Beatles.", S, [("Q2643", "P361", "Q1299")]),
        ]),
        ("He recorded for EMI and Capitol Records.", "worthy", ("He", "Q2643"), [
            ("George Harrison recorded for EMI.", S, [("Q2643", "P264", "Q183412")]),
            ("George Harrison recorded for Capitol Records.", S, [("Q2643", "P264", "Q193023")]),
        ]),
        ("Best guitarist ever, honestly.", "opinion", None, []),
    ]),
    ("blind-12", "bio", [
        ("Samuel Beckett was an Irish playwright.", "worthy", None, [
            ("Samuel Beckett was an Irish playwright.", S, [("Q37327", "P106", "Q214917"), ("Q37327", "P27", "Q27")]),
        ]),
        ("Born in Dublin, he studied at Trinity College Dublin.", "worthy", ("he", "Q37327"), [
            ("Samuel Beckett was born in Dublin.", S, [("Q37327", "P19", "Q1761")]),
            ("Samuel Beckett studied at Trinity College Dublin.", S, [("Q37327", "P69", "Q258464")]),
        ]),
        ("Beckett died in Dublin.", "worthy", ("Beckett", "Q37327"), [
            ("Samuel Beckett died in Dublin.", R, [("Q37327", "P20", "Q1761")]),
        ]),
        ("He also worked as a film director.", "worthy", ("He", "Q37327"), [
            ("Samuel Beckett was a film director.", S, [("Q37327", "P106", "Q2526255")]),
        ]),
        ("His plays are bleak but beautiful.", "opinion", ("His", "Q37327"), []),
        ("He received the Nobel Prize in 1969.", "not_covered", ("He", "Q37327"), []),
    ]),
]

if __name__ == "__main__":
    write(DOCS, Path(__file__).resolve().parent / "documents_blind.jsonl")
