"""Writes documents_dev3.jsonl: a third development set for the document reader, written fresh.

A different writer's habits from build_dev.py / build_dev2.py: heading lines, a first name
alone ("Jeanne"), occupational descriptions referring back ("the composer", "the physicist",
"the director"), demonyms ("the Austrian", "the Italian"), descriptions of places ("the
Tuscan-born"-style "the Italian city", "the Swiss city"), "his/her/their" possessives,
reference chains running over three or more sentences, social posts (hashtags, emoji,
lower case), a correction sentence, sentences opening on a year or a date, "Later, ...",
"After the war, ...", "There, ..." (a place) and "It" for a city or a film.

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
    ("dev3-01", "bio", [
        ("Johannes Brahms", "heading", None, []),
        ("Johannes Brahms was born in Hamburg in 1833.", "worthy", None, [
            ("Johannes Brahms was born in Hamburg.", S, [("Q7294", "P19", "Q1055")]),
        ]),
        ("The composer moved to Vienna as a young man.", "not_covered", ("The composer", "Q7294"), []),
        ("Later, the German worked as a conductor.", "worthy", ("the German", "Q7294"), [
            ("Johannes Brahms was a conductor.", S, [("Q7294", "P106", "Q158852")]),
        ]),
        ("He died in Vienna in 1897.", "worthy", ("He", "Q7294"), [
            ("Johannes Brahms died in Vienna.", S, [("Q7294", "P20", "Q1741")]),
        ]),
    ]),
    ("dev3-02", "bio", [
        ("Jeanne Moreau was born in Paris.", "worthy", None, [
            ("Jeanne Moreau was born in Paris.", S, [("Q106099", "P19", "Q90")]),
        ]),
        ("Jeanne studied at the Conservatoire de Paris.", "worthy", ("Jeanne", "Q106099"), [
            ("Jeanne Moreau studied at the Conservatoire de Paris.", S, [("Q106099", "P69", "Q463055")]),
        ]),
        ("The actress was also a singer and a film director.", "worthy", ("The actress", "Q106099"), [
            ("Jeanne Moreau was a singer.", S, [("Q106099", "P106", "Q177220")]),
            ("Jeanne Moreau was a film director.", S, [("Q106099", "P106", "Q2526255")]),
        ]),
        ("Her grave is in Montmartre Cemetery.", "worthy", ("Her", "Q106099"), [
            ("Jeanne Moreau is buried in Montmartre Cemetery.", S, [("Q106099", "P119", "Q746647")]),
        ]),
    ]),
    ("dev3-03", "social", [
        ("just learned jimi hendrix was born in seattle 🎸 #legend", "worthy", None, [
            ("Jimi Hendrix was born in Seattle.", S, [("Q5928", "P19", "Q5083")]),
        ]),
        ("he died in Kensington at 27 😢", "worthy", ("he", "Q5928"), [
            ("Jimi Hendrix died in Kensington.", S, [("Q5928", "P20", "Q288781")]),
        ]),
        ("Also the guitarist was a soldier before he was famous!!", "worthy", ("the guitarist", "Q5928"), [
            ("Jimi Hendrix was a soldier.", S, [("Q5928", "P106", "Q4991371")]),
        ]),
        ("#rock #hendrix", "not_covered", None, []),
    ]),
    ("dev3-04", "news", [
        ("Leonhard Euler was born in Basel.", "worthy", None, [
            ("Leonhard Euler was born in Basel.", S, [("Q7604", "P19", "Q78")]),
        ]),
        ("The Swiss city is in Switzerland, of course.", "worthy", ("The Swiss city", "Q78"), [
            ("Basel is in Switzerland.", S, [("Q78", "P17", "Q39")]),
        ]),
        ("The mathematician studied at the University of Basel.", "worthy", ("The mathematician", "Q7604"), [
            ("Leonhard Euler studied at the University of Basel.", S, [("Q7604", "P69", "Q372608")]),
        ]),
        ("Later, he worked at Saint Petersburg State University.", "worthy", ("he", "Q7604"), [
            ("Leonhard Euler worked at Saint Petersburg State University.", S, [("Q7604", "P108", "Q27621")]),
        ]),
        ("He died there of a cerebral hemorrhage.", "worthy", ("He", "Q7604"), [
            ("Leonhard Euler died of a cerebral hemorrhage.", S, [("Q7604", "P509", "Q1368943")]),
        ]),
    ]),
    ("dev3-05", "bio", [
        ("Samuel Beckett was born in Dublin.", "worthy", None, [
            ("Samuel Beckett was born in Dublin.", S, [("Q37327", "P19", "Q1761")]),
        ]),
        ("There, he studied at Trinity College Dublin.", "worthy", ("he", "Q37327"), [
            ("Samuel Beckett studied at Trinity College Dublin.", S, [("Q37327", "P69", "Q258464")]),
        ]),
        ("After the war, the playwright settled in Paris, where he died.", "worthy", ("the playwright", "Q37327"), [
            ("Samuel Beckett died in Paris.", S, [("Q37327", "P20", "Q90")]),
        ]),
        ("The Irishman was a poet as well.", "worthy", ("The Irishman", "Q37327"), [
            ("Samuel Beckett was a poet.", S, [("Q37327", "P106", "Q49757")]),
        ]),
    ]),
    ("dev3-06", "news", [
        ("Correction", "heading", None, []),
        ("An earlier version of this article said Robert Altman was born in Chicago.", "not_covered", None, []),
        ("Altman was born in Kansas City.", "worthy", ("Altman", "Q55163"), [
            ("Robert Altman was born in Kansas City.", S, [("Q55163", "P19", "Q41819")]),
        ]),
        ("The director died in West Hollywood of leukemia.", "worthy", ("The director", "Q55163"), [
            ("Robert Altman died in West Hollywood.", S, [("Q55163", "P20", "Q846421")]),
            ("Robert Altman died of leukemia.", S, [("Q55163", "P509", "Q29496")]),
        ]),
    ]),
    ("dev3-07", "bio", [
        ("Stephen Hawking was born in Oxford.", "worthy", None, [
            ("Stephen Hawking was born in Oxford.", S, [("Q17714", "P19", "Q34217")]),
        ]),
        ("The physicist studied at University College.", "worthy", ("The physicist", "Q17714"), [
            ("Stephen Hawking studied at University College.", S, [("Q17714", "P69", "Q81087")]),
        ]),
        ("His illness, amyotrophic lateral sclerosis, was diagnosed early.", "not_covered", ("His", "Q17714"), []),
        ("In 2018, the Englishman died in Oxford.", "worthy", ("the Englishman", "Q17714"), [
            ("Stephen Hawking died in Oxford.", R, [("Q17714", "P20", "Q34217")]),
        ]),
        ("Hawking is buried in Westminster Abbey.", "worthy", ("Hawking", "Q17714"), [
            ("Stephen Hawking is buried in Westminster Abbey.", S, [("Q17714", "P119", "Q5933")]),
        ]),
    ]),
    ("dev3-08", "bio", [
        ("Pier Paolo Pasolini was born in Bologna.", "worthy", None, [
            ("Pier Paolo Pasolini was born in Bologna.", S, [("Q25120", "P19", "Q1891")]),
        ]),
        ("The Italian city is home to one of the oldest universities.", "not_covered", ("The Italian city", "Q1891"), []),
        ("It is in Italy.", "worthy", ("It", "Q1891"), [
            ("Bologna is in Italy.", S, [("Q1891", "P17", "Q38")]),
        ]),
        ("The poet studied at the University of Bologna.", "worthy", ("The poet", "Q25120"), [
            ("Pier Paolo Pasolini studied at the University of Bologna.", S, [("Q25120", "P69", "Q131262")]),
        ]),
        ("The filmmaker died in Milan.", "worthy", ("The filmmaker", "Q25120"), [
            ("Pier Paolo Pasolini died in Milan.", R, [("Q25120", "P20", "Q490")]),
        ]),
    ]),
    ("dev3-09", "news", [
        ("Casablanca", "heading", None, []),
        ("Casablanca starred Humphrey Bogart and Ingrid Bergman.", "worthy", None, [
            ("Casablanca starred Humphrey Bogart.", S, [("Q132689", "P161", "Q16390")]),
            ("Casablanca starred Ingrid Bergman.", S, [("Q132689", "P161", "Q43247")]),
        ]),
        ("It also starred Peter Lorre.", "worthy", ("It", "Q132689"), [
            ("Casablanca starred Peter Lorre.", S, [("Q132689", "P161", "Q78505")]),
        ]),
        ("The Swedish actress died in London.", "worthy", ("The Swedish actress", "Q43247"), [
            ("Ingrid Bergman died in London.", S, [("Q43247", "P20", "Q84")]),
        ]),
        ("Her daughter is Isabella Rossellini.", "worthy", ("Her", "Q43247"), [
            ("Ingrid Bergman's child is Isabella Rossellini.", S, [("Q43247", "P40", "Q203840")]),
        ]),
    ]),
    ("dev3-10", "bio", [
        ("On 7 May 1833, Johannes Brahms was born in Vienna.", "worthy", None, [
            ("Johannes Brahms was born in Vienna.", R, [("Q7294", "P19", "Q1741")]),
        ]),
        ("Actually, that is wrong: Brahms was born in Hamburg.", "worthy", ("Brahms", "Q7294"), [
            ("Johannes Brahms was born in Hamburg.", S, [("Q7294", "P19", "Q1055")]),
        ]),
    ]),
    ("dev3-11", "bio", [
        ("Dmitri Shostakovich was born in Saint Petersburg.", "worthy", None, [
            ("Dmitri Shostakovich was born in Saint Petersburg.", S, [("Q80135", "P19", "Q656")]),
        ]),
        ("The Russian city is in Russia.", "worthy", ("The Russian city", "Q656"), [
            ("Saint Petersburg is in Russia.", S, [("Q656", "P17", "Q159")]),
        ]),
        ("There, the composer studied at the Saint Petersburg Conservatory.", "worthy", ("the composer", "Q80135"), [
            ("Dmitri Shostakovich studied at the Saint Petersburg Conservatory.", S, [("Q80135", "P69", "Q178416")]),
        ]),
        ("Later, he taught at the Moscow Conservatory.", "worthy", ("he", "Q80135"), [
            ("Dmitri Shostakovich worked at the Moscow Conservatory.", S, [("Q80135", "P108", "Q215539")]),
        ]),
        ("His death came in Moscow, from lung cancer.", "worthy", ("His", "Q80135"), [
            ("Dmitri Shostakovich died in Moscow.", S, [("Q80135", "P20", "Q649")]),
            ("Dmitri Shostakovich died of lung cancer.", S, [("Q80135", "P509", "Q47912")]),
        ]),
    ]),
    ("dev3-12", "social", [
        ("Lena Horne was born in NEW YORK CITY and died there too 🗽", "worthy", None, [
            ("Lena Horne was born in New York City.", S, [("Q112307", "P19", "Q60")]),
            ("Lena Horne died in New York City.", S, [("Q112307", "P20", "Q60")]),
        ]),
        ("she recorded for Blue Note Records, Decca Records and MGM Records", "worthy", ("she", "Q112307"), [
            ("Lena Horne recorded for Blue Note Records.", S, [("Q112307", "P264", "Q885833")]),
            ("Lena Horne recorded for Decca Records.", S, [("Q112307", "P264", "Q557632")]),
            ("Lena Horne recorded for MGM Records.", S, [("Q112307", "P264", "Q1881437")]),
        ]),
        ("what a voice. #jazz #lenahorne", "opinion", None, []),
    ]),
    ("dev3-13", "bio", [
        ("Edgar Allan Poe was born in Boston.", "worthy", None, [
            ("Edgar Allan Poe was born in Boston.", S, [("Q16867", "P19", "Q100")]),
        ]),
        ("Edgar studied at the University of Virginia.", "worthy", ("Edgar", "Q16867"), [
            ("Edgar Allan Poe studied at the University of Virginia.", S, [("Q16867", "P69", "Q213439")]),
        ]),
        ("The writer then entered the United States Military Academy.", "worthy", ("The writer", "Q16867"), [
            ("Edgar Allan Poe studied at the United States Military Academy.", S, [("Q16867", "P69", "Q9219")]),
        ]),
        ("In 1849, the poet died in Baltimore.", "worthy", ("the poet", "Q16867"), [
            ("Edgar Allan Poe died in Baltimore.", S, [("Q16867", "P20", "Q5092")]),
        ]),
    ]),
    ("dev3-14", "news", [
        ("Nino Rota and Jeanne Moreau both worked in film.", "not_covered", None, []),
        ("The Italian was born in Milan.", "worthy", ("The Italian", "Q214665"), [
            ("Nino Rota was born in Milan.", S, [("Q214665", "P19", "Q490")]),
        ]),
        ("The Frenchwoman was born in Paris.", "worthy", ("The Frenchwoman", "Q106099"), [
            ("Jeanne Moreau was born in Paris.", S, [("Q106099", "P19", "Q90")]),
        ]),
        ("Rota died in Rome.", "worthy", ("Rota", "Q214665"), [
            ("Nino Rota died in Rome.", S, [("Q214665", "P20", "Q220")]),
        ]),
    ]),
    ("dev3-15", "bio", [
        ("Charles Baudelaire was born in Paris.", "worthy", None, [
            ("Charles Baudelaire was born in Paris.", S, [("Q501", "P19", "Q90")]),
        ]),
        ("The French capital is in France.", "worthy", ("The French capital", "Q90"), [
            ("Paris is in France.", S, [("Q90", "P17", "Q142")]),
        ]),
        ("The poet worked as an art critic and a translator.", "worthy", ("The poet", "Q501"), [
            ("Charles Baudelaire was an art critic.", S, [("Q501", "P106", "Q4164507")]),
            ("Charles Baudelaire was a translator.", S, [("Q501", "P106", "Q333634")]),
        ]),
        ("He died of syphilis.", "worthy", ("He", "Q501"), [
            ("Charles Baudelaire died of syphilis.", S, [("Q501", "P509", "Q41083")]),
        ]),
    ]),
    ("dev3-16", "bio", [
        ("Herman Melville was born in Manhattan.", "worthy", None, [
            ("Herman Melville was born in Manhattan.", S, [("Q4985", "P19", "Q11299")]),
        ]),
        ("The novelist was a member of the Republican Party.", "worthy", ("The novelist", "Q4985"), [
            ("Herman Melville was a member of the Republican Party.", S, [("Q4985", "P102", "Q29468")]),
        ]),
        ("Did he die of heart failure?", "question", ("he", "Q4985"), []),
        ("Yes: Melville died of heart failure in New York City.", "worthy", ("Melville", "Q4985"), [
            ("Herman Melville died of heart failure.", S, [("Q4985", "P509", "Q181754")]),
            ("Herman Melville died in New York City.", S, [("Q4985", "P20", "Q60")]),
        ]),
        ("His grave is in Woodlawn Cemetery.", "worthy", ("His", "Q4985"), [
            ("Herman Melville is buried in Woodlawn Cemetery.", S, [("Q4985", "P119", "Q2000666")]),
        ]),
    ]),
    ("dev3-17", "bio", [
        ("Susan Hayward was born in Brooklyn.", "worthy", None, [
            ("Susan Hayward was born in Brooklyn.", S, [("Q248837", "P19", "Q18419")]),
        ]),
        ("Before acting, the actress was a model.", "worthy", ("the actress", "Q248837"), [
            ("Susan Hayward was a model.", S, [("Q248837", "P106", "Q4610556")]),
        ]),
        ("She died in Hollywood.", "worthy", ("She", "Q248837"), [
            ("Susan Hayward died in Hollywood.", S, [("Q248837", "P20", "Q34006")]),
        ]),
        ("\"I'd rather be remembered for my work,\" Hayward once said.", "quote", ("Hayward", "Q248837"), []),
    ]),
    ("dev3-18", "bio", [
        ("Louis Armstrong was born in New Orleans.", "worthy", None, [
            ("Louis Armstrong was born in New Orleans.", S, [("Q1779", "P19", "Q34404")]),
        ]),
        ("Louis recorded for Decca Records and Columbia Records.", "worthy", ("Louis", "Q1779"), [
            ("Louis Armstrong recorded for Decca Records.", S, [("Q1779", "P264", "Q557632")]),
            ("Louis Armstrong recorded for Columbia Records.", S, [("Q1779", "P264", "Q183387")]),
        ]),
        ("The trumpeter was also a bandleader.", "worthy", ("The trumpeter", "Q1779"), [
            ("Louis Armstrong was a bandleader.", S, [("Q1779", "P106", "Q806349")]),
        ]),
        ("Satchmo, as fans called him, died in New York City.", "worthy", ("him", "Q1779"), [
            ("Louis Armstrong died in New York City.", S, [("Q1779", "P20", "Q60")]),
        ]),
    ]),
    ("dev3-19", "bio", [
        ("Richard Feynman studied at the Massachusetts Institute of Technology.", "worthy", None, [
            ("Richard Feynman studied at the Massachusetts Institute of Technology.", S, [("Q39246", "P69", "Q49108")]),
        ]),
        ("The American then earned his doctorate at Princeton University.", "worthy", ("The American", "Q39246"), [
            ("Richard Feynman studied at Princeton University.", S, [("Q39246", "P69", "Q21578")]),
        ]),
        ("Later, the physicist taught at Cornell University and the California Institute of Technology.", "worthy", ("the physicist", "Q39246"), [
            ("Richard Feynman worked at Cornell University.", S, [("Q39246", "P108", "Q49115")]),
            ("Richard Feynman worked at the California Institute of Technology.", S, [("Q39246", "P108", "Q161562")]),
        ]),
        ("Richard was a painter too.", "worthy", ("Richard", "Q39246"), [
            ("Richard Feynman was a painter.", S, [("Q39246", "P106", "Q1028181")]),
        ]),
        ("He died in Los Angeles.", "worthy", ("He", "Q39246"), [
            ("Richard Feynman died in Los Angeles.", S, [("Q39246", "P20", "Q65")]),
        ]),
    ]),
    ("dev3-20", "news", [
        ("Richard Wagner was born in Leipzig.", "worthy", None, [
            ("Richard Wagner was born in Leipzig.", S, [("Q1511", "P19", "Q2079")]),
        ]),
        ("It is in Germany.", "worthy", ("It", "Q2079"), [
            ("Leipzig is in Germany.", S, [("Q2079", "P17", "Q183")]),
        ]),
        ("The composer studied at Leipzig University.", "worthy", ("The composer", "Q1511"), [
            ("Richard Wagner studied at Leipzig University.", S, [("Q1511", "P69", "Q154804")]),
        ]),
        ("His death, in 1883, came in Venice.", "worthy", ("His", "Q1511"), [
            ("Richard Wagner died in Venice.", S, [("Q1511", "P20", "Q641")]),
        ]),
        ("He died of a myocardial infarction.", "worthy", ("He", "Q1511"), [
            ("Richard Wagner died of a myocardial infarction.", S, [("Q1511", "P509", "Q12152")]),
        ]),
    ]),
    ("dev3-21", "social", [
        ("Serge Gainsbourg: born in Paris, died in Paris, buried in Paris 🇫🇷", "worthy", None, [
            ("Serge Gainsbourg was born in Paris.", S, [("Q1698", "P19", "Q90")]),
            ("Serge Gainsbourg died in Paris.", S, [("Q1698", "P20", "Q90")]),
        ]),
        ("his daughter is Charlotte Gainsbourg!", "worthy", ("his", "Q1698"), [
            ("Serge Gainsbourg's child is Charlotte Gainsbourg.", S, [("Q1698", "P40", "Q276005")]),
        ]),
        ("the singer recorded for Mercury Records btw", "worthy", ("the singer", "Q1698"), [
            ("Serge Gainsbourg recorded for Mercury Records.", S, [("Q1698", "P264", "Q165745")]),
        ]),
    ]),
    ("dev3-22", "bio", [
        ("Marcel Proust was born in Paris.", "worthy", None, [
            ("Marcel Proust was born in Paris.", S, [("Q7199", "P19", "Q90")]),
        ]),
        ("The Frenchman studied at Sciences Po.", "worthy", ("The Frenchman", "Q7199"), [
            ("Marcel Proust studied at Sciences Po.", S, [("Q7199", "P69", "Q859363")]),
        ]),
        ("The novelist later died of pneumonia.", "worthy", ("The novelist", "Q7199"), [
            ("Marcel Proust died of pneumonia.", S, [("Q7199", "P509", "Q12192")]),
        ]),
        ("He died in Venice.", "worthy", ("He", "Q7199"), [
            ("Marcel Proust died in Venice.", R, [("Q7199", "P20", "Q641")]),
        ]),
    ]),
]

if __name__ == "__main__":
    write(DOCS, Path(__file__).resolve().parent / "documents_dev3.jsonl")
