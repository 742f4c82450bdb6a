"""Writes documents_dev4.jsonl: a fourth development set for the document reader, written fresh.

Styles unlike build_dev.py / build_dev2.py / build_dev3.py: news ledes with datelines
("LIVERPOOL, England (AP) --") and attributions ("his spokesman said"), social threads
("1/", "2/", lower case, emoji, hashtags), interview transcripts ("Q:" / "A:" and speaker
names, "I" meaning the speaker), press releases, encyclopedia bios with parentheses
("(born 1930 in Edinburgh)") and long appositive chains, paragraphs about two or three
people with pronouns switching between them, descriptions ("the singer", "the Scottish
city", "the former prime minister", "the guitarist"), possessives across sentences
("His wife, ...", "Her husband ..."), lists and coordinations, and subordinate clauses
holding the fact ("After leaving Liverpool, where he was born, ...").

Same format as build_dev.py: (text, kind, refers_to, claims) per sentence, "¶" for a new
paragraph; common.py checks every label against the demo KG by SPARQL.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import write  # noqa: E402

S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

DOCS = [
    ("dev4-01", "news", [
        ("LIVERPOOL, England (AP) — Paul McCartney, who was born in Liverpool, returned to the city on Saturday "
         "for a surprise concert.", "worthy", None, [
            ("Paul McCartney was born in Liverpool.", S, [("Q2599", "P19", "Q24826")]),
        ]),
        ("The singer also plays the mandolin, according to his website.", "quote", ("The singer", "Q2599"), []),
        ("The singer, 81, played the mandolin on two songs.", "worthy", ("The singer", "Q2599"), [
            ("Paul McCartney plays the mandolin.", S, [("Q2599", "P1303", "Q302497")]),
        ]),
        ("McCartney's bandmate George Harrison died in Los Angeles in 2001.", "worthy", None, [
            ("George Harrison died in Los Angeles.", S, [("Q2643", "P20", "Q65")]),
        ]),
        ("Harrison was also born in Liverpool.", "worthy", ("Harrison", "Q2643"), [
            ("George Harrison was born in Liverpool.", S, [("Q2643", "P19", "Q24826")]),
        ]),
    ]),
    ("dev4-02", "social", [
        ("1/ a thread on kurt cobain 🧵 #nirvana", "not_covered", None, []),
        ("2/ he was married to courtney love 💍", "worthy", ("he", "Q8446"), [
            ("Kurt Cobain was married to Courtney Love.", S, [("Q8446", "P26", "Q222071")]),
        ]),
        ("3/ she was born in san francisco btw", "worthy", ("she", "Q222071"), [
            ("Courtney Love was born in San Francisco.", S, [("Q222071", "P19", "Q62")]),
        ]),
        ("4/ and he died in seattle 😭😭 #RIP", "worthy", ("he", "Q8446"), [
            ("Kurt Cobain died in Seattle.", S, [("Q8446", "P20", "Q5083")]),
        ]),
    ]),
    ("dev4-03", "interview", [
        ("INTERVIEWER: Tell us about Sylvia Plath.", "not_covered", None, []),
        ("PROFESSOR HUGHES: Sylvia Plath was born in Boston and she died in London.", "worthy", None, [
            ("Sylvia Plath was born in Boston.", S, [("Q133054", "P19", "Q100")]),
            ("Sylvia Plath died in London.", S, [("Q133054", "P20", "Q84")]),
        ]),
        ("INTERVIEWER: Where did she study?", "question", None, []),
        ("PROFESSOR HUGHES: She studied at Smith College, and later she taught there.", "worthy",
         ("She", "Q133054"), [
            ("Sylvia Plath studied at Smith College.", S, [("Q133054", "P69", "Q49204")]),
            ("Sylvia Plath worked at Smith College.", S, [("Q133054", "P108", "Q49204")]),
        ]),
    ]),
    ("dev4-04", "interview", [
        ("Q: Was Johnny Cash born in Nashville?", "question", None, []),
        ("A: No, but he died in Nashville.", "worthy", ("he", "Q42775"), [
            ("Johnny Cash died in Nashville.", S, [("Q42775", "P20", "Q23197")]),
        ]),
        ("Q: And his wife?", "question", None, []),
        ("A: His wife, June Carter Cash, died there as well.", "worthy", ("His", "Q42775"), [
            ("Johnny Cash was married to June Carter Cash.", S, [("Q42775", "P26", "Q233253")]),
        ]),
    ]),
    ("dev4-05", "press", [
        ("FOR IMMEDIATE RELEASE", "heading", None, []),
        ("PRINCETON, N.J. — The Einstein Society today announced a new exhibition on Albert Einstein, "
         "the physicist who was born in Ulm.", "worthy", None, [
            ("Albert Einstein was born in Ulm.", S, [("Q937", "P19", "Q3012")]),
        ]),
        ("The exhibition traces his years at ETH Zurich, where he studied, and at Princeton University, "
         "where he worked.", "worthy", ("his", "Q937"), [
            ("Albert Einstein studied at ETH Zurich.", S, [("Q937", "P69", "Q11942")]),
            ("Albert Einstein worked at Princeton University.", S, [("Q937", "P108", "Q21578")]),
        ]),
        ("Einstein died in Princeton in 1955.", "worthy", ("Einstein", "Q937"), [
            ("Albert Einstein died in Princeton.", S, [("Q937", "P20", "Q138518")]),
        ]),
        ("Tickets are available at the museum shop.", "not_covered", None, []),
        ("For media inquiries, contact the press office.", "not_covered", None, []),
    ]),
    ("dev4-06", "bio", [
        ("Sean Connery (born 1930 in Edinburgh) was a Scottish actor and film producer.", "worthy", None, [
            ("Sean Connery was born in Edinburgh.", S, [("Q4573", "P19", "Q23436")]),
            ("Sean Connery was a film producer.", S, [("Q4573", "P106", "Q3282637")]),
        ]),
        ("The Scottish city is in the United Kingdom.", "worthy", ("The Scottish city", "Q23436"), [
            ("Edinburgh is in the United Kingdom.", S, [("Q23436", "P17", "Q145")]),
        ]),
        ("The actor later lived there again.", "worthy", ("The actor", "Q4573"), [
            ("Sean Connery lived in Edinburgh.", S, [("Q4573", "P551", "Q23436")]),
        ]),
    ]),
    ("dev4-07", "bio", [
        ("Tony Blair (born 6 May 1953 in Edinburgh), a British politician, lawyer and author, "
         "was Prime Minister of the United Kingdom from 1997 to 2007.", "worthy", None, [
            ("Tony Blair was born in Edinburgh.", S, [("Q9545", "P19", "Q23436")]),
            ("Tony Blair was a lawyer.", S, [("Q9545", "P106", "Q40348")]),
        ]),
        ("A member of the Labour Party, the former prime minister later taught at Yale University.", "worthy",
         ("the former prime minister", "Q9545"), [
            ("Tony Blair was a member of the Labour Party.", S, [("Q9545", "P102", "Q9630")]),
            ("Tony Blair worked at Yale University.", S, [("Q9545", "P108", "Q49112")]),
        ]),
    ]),
    ("dev4-08", "bio", [
        ("Bob Dylan and Joan Baez were partners in the early 1960s.", "worthy", None, [
            ("Bob Dylan was a partner of Joan Baez.", S, [("Q392", "P451", "Q131725")]),
        ]),
        ("She had studied at Boston University; he played the harmonica.", "worthy", ("She", "Q131725"), [
            ("Joan Baez studied at Boston University.", S, [("Q131725", "P69", "Q49110")]),
            ("Bob Dylan played the harmonica.", S, [("Q392", "P1303", "Q51290")]),
        ]),
        ("Later he signed with Columbia Records, while she recorded for Vanguard Records.", "worthy",
         ("he", "Q392"), [
            ("Bob Dylan signed with Columbia Records.", S, [("Q392", "P264", "Q183387")]),
            ("Joan Baez recorded for Vanguard Records.", S, [("Q131725", "P264", "Q2034661")]),
        ]),
    ]),
    ("dev4-09", "bio", [
        ("Michael Jackson was born in Gary, Indiana.", "worthy", None, [
            ("Michael Jackson was born in Gary.", S, [("Q2831", "P19", "Q184116")]),
        ]),
        ("The singer was a member of The Jackson 5 with his brother Jermaine Jackson.", "worthy",
         ("The singer", "Q2831"), [
            ("Michael Jackson was a member of The Jackson 5.", S, [("Q2831", "P463", "Q43267")]),
        ]),
        ("He died in Los Angeles in 2009 and is buried at Forest Lawn Memorial Park.", "worthy",
         ("He", "Q2831"), [
            ("Michael Jackson died in Los Angeles.", S, [("Q2831", "P20", "Q65")]),
            ("Michael Jackson is buried at Forest Lawn Memorial Park.", S, [("Q2831", "P119", "Q1437214")]),
        ]),
    ]),
    ("dev4-10", "bio", [
        ("John Lennon was a singer and a painter.", "worthy", None, [
            ("John Lennon was a singer.", S, [("Q1203", "P106", "Q177220")]),
            ("John Lennon was a painter.", S, [("Q1203", "P106", "Q1028181")]),
        ]),
        ("His wife, Yoko Ono, was born in Tokyo.", "worthy", ("His", "Q1203"), [
            ("Yoko Ono was born in Tokyo.", S, [("Q117012", "P19", "Q1490")]),
        ]),
        ("Her husband died in New York City in 1980.", "worthy", ("Her", "Q117012"), [
            ("John Lennon died in New York City.", S, [("Q1203", "P20", "Q60")]),
        ]),
    ]),
    ("dev4-11", "bio", [
        ("After leaving Liverpool, where he was born, Ringo Starr moved to London.", "worthy", None, [
            ("Ringo Starr was born in Liverpool.", S, [("Q2632", "P19", "Q24826")]),
        ]),
        ("Although best known as a drummer, Starr also worked as a voice actor.", "worthy",
         ("Starr", "Q2632"), [
            ("Ringo Starr worked as a voice actor.", S, [("Q2632", "P106", "Q2405480")]),
        ]),
    ]),
    ("dev4-12", "news", [
        ("NEWARK, N.J. (Reuters) - Whitney Houston, the singer born in Newark, was remembered on Sunday "
         "at a service in her hometown.", "worthy", None, [
            ("Whitney Houston was born in Newark.", S, [("Q34389", "P19", "Q25395")]),
        ]),
        ("Houston, who recorded for RCA Records, was 48.", "worthy", ("Houston", "Q34389"), [
            ("Whitney Houston recorded for RCA Records.", S, [("Q34389", "P264", "Q202585")]),
        ]),
        ("Her record label said in a statement that she had also been a pianist.", "quote",
         ("Her", "Q34389"), []),
        ("The singer had indeed been a pianist as well.", "worthy", ("The singer", "Q34389"), [
            ("Whitney Houston was a pianist.", S, [("Q34389", "P106", "Q486748")]),
        ]),
    ]),
    ("dev4-13", "bio", [
        ("Charlie Chaplin (born 1889 in Paris) was an English comedian.", "worthy", None, [
            ("Charlie Chaplin was born in Paris.", R, [("Q882", "P19", "Q90")]),
            ("Charlie Chaplin was a comedian.", S, [("Q882", "P106", "Q245068")]),
        ]),
        ("The comedian, who also composed music, directed his films himself.", "worthy",
         ("The comedian", "Q882"), [
            ("Charlie Chaplin was a composer.", S, [("Q882", "P106", "Q36834")]),
            ("Charlie Chaplin was a film director.", S, [("Q882", "P106", "Q2526255")]),
        ]),
    ]),
    ("dev4-14", "social", [
        ("omg george harrison was born in manchester?? 🤯 #beatles", "worthy", None, [
            ("George Harrison was born in Manchester.", R, [("Q2643", "P19", "Q18125")]),
        ]),
        ("he died of lung cancer in LA in 2001 💔", "worthy", ("he", "Q2643"), [
            ("George Harrison died of lung cancer.", S, [("Q2643", "P509", "Q47912")]),
        ]),
        ("gonna listen to all things must pass tonight", "not_covered", None, []),
    ]),
    ("dev4-15", "interview", [
        ("An interview with Yoko Ono.", "heading", None, []),
        ("INTERVIEWER: Where were you born?", "question", None, []),
        ("YOKO ONO: I was born in Tokyo.", "worthy", ("I", "Q117012"), [
            ("Yoko Ono was born in Tokyo.", S, [("Q117012", "P19", "Q1490")]),
        ]),
        ("INTERVIEWER: And you studied in America?", "question", None, []),
        ("YOKO ONO: Yes, I studied at Sarah Lawrence College.", "worthy", ("I", "Q117012"), [
            ("Yoko Ono studied at Sarah Lawrence College.", S, [("Q117012", "P69", "Q1051840")]),
        ]),
    ]),
    ("dev4-16", "news", [
        ("Mick Jagger and Keith Richards both studied at the London School of Economics.", "worthy", None, [
            ("Mick Jagger studied at the London School of Economics.", S, [("Q128121", "P69", "Q174570")]),
            ("Keith Richards studied at the London School of Economics.", S, [("Q189599", "P69", "Q174570")]),
        ]),
        ("Richards plays the guitar, while Jagger also plays the harmonica.", "worthy",
         ("Richards", "Q189599"), [
            ("Keith Richards plays the guitar.", S, [("Q189599", "P1303", "Q6607")]),
            ("Mick Jagger plays the harmonica.", S, [("Q128121", "P1303", "Q51290")]),
        ]),
        ("The guitarist is also an autobiographer.", "worthy", ("The guitarist", "Q189599"), [
            ("Keith Richards is an autobiographer.", S, [("Q189599", "P106", "Q18814623")]),
        ]),
    ]),
    ("dev4-17", "news", [
        ("John Lennon, Paul McCartney and George Harrison all recorded for Parlophone.", "worthy", None, [
            ("John Lennon recorded for Parlophone.", S, [("Q1203", "P264", "Q208909")]),
            ("Paul McCartney recorded for Parlophone.", S, [("Q2599", "P264", "Q208909")]),
            ("George Harrison recorded for Parlophone.", S, [("Q2643", "P264", "Q208909")]),
        ]),
    ]),
    ("dev4-18", "news", [
        ("Margaret Thatcher studied at Somerville College and worked as a chemist before entering politics.",
         "worthy", None, [
            ("Margaret Thatcher studied at Somerville College.", S, [("Q7416", "P69", "Q774489")]),
            ("Margaret Thatcher was a chemist.", S, [("Q7416", "P106", "Q593644")]),
        ]),
        ("Unlike her, Gordon Brown was a member of the Labour Party.", "worthy", None, [
            ("Gordon Brown was a member of the Labour Party.", S, [("Q10648", "P102", "Q9630")]),
        ]),
        ("The former prime minister later worked for the United Nations.", "worthy",
         ("The former prime minister", "Q10648"), [
            ("Gordon Brown worked for the United Nations.", S, [("Q10648", "P108", "Q1065")]),
        ]),
        ("She, by contrast, was a member of the Conservative Party.", "worthy", ("She", "Q7416"), [
            ("Margaret Thatcher was a member of the Conservative Party.", S, [("Q7416", "P102", "Q9626")]),
        ]),
    ]),
    ("dev4-19", "bio", [
        ("Arthur Miller (born 1915 in New York City) was an American playwright.", "worthy", None, [
            ("Arthur Miller was born in New York City.", S, [("Q80596", "P19", "Q60")]),
            ("Arthur Miller was a playwright.", S, [("Q80596", "P106", "Q214917")]),
        ]),
        ("Educated at the University of Michigan, he married Marilyn Monroe in 1956.", "worthy",
         ("he", "Q80596"), [
            ("Arthur Miller studied at the University of Michigan.", S, [("Q80596", "P69", "Q230492")]),
            ("Arthur Miller was married to Marilyn Monroe.", N, [("Q80596", "P26", "Q4616")]),
        ]),
        ("The playwright is buried in Connecticut.", "worthy", ("The playwright", "Q80596"), [
            ("Arthur Miller is buried in Connecticut.", S, [("Q80596", "P119", "Q779")]),
        ]),
        ("He died of heart failure in 2005.", "worthy", ("He", "Q80596"), [
            ("Arthur Miller died of heart failure.", S, [("Q80596", "P509", "Q181754")]),
        ]),
    ]),
    ("dev4-20", "bio", [
        ("Ernest Hemingway, the novelist, poet and journalist, was influenced by Robert Louis Stevenson.",
         "worthy", None, [
            ("Ernest Hemingway was a journalist.", S, [("Q23434", "P106", "Q1930187")]),
            ("Ernest Hemingway was influenced by Robert Louis Stevenson.", S, [("Q23434", "P737", "Q1512")]),
        ]),
        ("The American writer was an atheist, his biographers agree.", "worthy",
         ("The American writer", "Q23434"), [
            ("Ernest Hemingway was an atheist.", S, [("Q23434", "P140", "Q7066")]),
        ]),
    ]),
    ("dev4-21", "news", [
        ("NEW YORK — Madonna, who studied at the University of Michigan, announced a European tour "
         "on Monday.", "worthy", None, [
            ("Madonna studied at the University of Michigan.", S, [("Q1744", "P69", "Q230492")]),
        ]),
        ("The singer, once married to Sean Penn, now lives in Lisbon.", "worthy", ("The singer", "Q1744"), [
            ("Madonna was married to Sean Penn.", S, [("Q1744", "P26", "Q44221")]),
            ("Madonna lives in Lisbon.", S, [("Q1744", "P551", "Q597")]),
        ]),
        ("Fans expect the shows to sell out within hours.", "prediction", None, []),
    ]),
    ("dev4-22", "bio", [
        ("Lord Byron was born in London and educated at Harrow School and Trinity College.", "worthy", None, [
            ("Lord Byron was born in London.", S, [("Q5679", "P19", "Q84")]),
            ("Lord Byron studied at Harrow School.", S, [("Q5679", "P69", "Q1247373")]),
            ("Lord Byron studied at Trinity College.", S, [("Q5679", "P69", "Q332342")]),
        ]),
        ("The poet died of typhoid fever in Greece.", "worthy", ("The poet", "Q5679"), [
            ("Lord Byron died of typhoid fever.", S, [("Q5679", "P509", "Q83319")]),
        ]),
        ("¶", None, None, []),
        ("Virginia Woolf, born in Kensington, admired him.", "worthy", None, [
            ("Virginia Woolf was born in Kensington.", S, [("Q40909", "P19", "Q288781")]),
        ]),
        ("Her birthplace, Kensington, is also where Jimi Hendrix died.", "worthy", ("Her", "Q40909"), [
            ("Jimi Hendrix died in Kensington.", S, [("Q5928", "P20", "Q288781")]),
        ]),
    ]),
    ("dev4-23", "social", [
        ("fun fact: einstein was born in munich 🤓", "worthy", None, [
            ("Albert Einstein was born in Munich.", R, [("Q937", "P19", "Q1726")]),
        ]),
        ("and he died in princeton!! #physics", "worthy", ("he", "Q937"), [
            ("Albert Einstein died in Princeton.", S, [("Q937", "P20", "Q138518")]),
        ]),
    ]),
    ("dev4-24", "social", [
        ("Elvis Presley served as a soldier in Germany. #TIL", "worthy", None, [
            ("Elvis Presley was a soldier.", S, [("Q303", "P106", "Q4991371")]),
        ]),
        ("the singer recorded for RCA Records too 🎤", "worthy", ("the singer", "Q303"), [
            ("Elvis Presley recorded for RCA Records.", S, [("Q303", "P264", "Q202585")]),
        ]),
        ("Johnny Cash, his friend, died in Nashville.", "worthy", None, [
            ("Johnny Cash died in Nashville.", S, [("Q42775", "P20", "Q23197")]),
        ]),
    ]),
]

if __name__ == "__main__":
    write(DOCS, Path(__file__).resolve().parent / "documents_dev4.jsonl")
