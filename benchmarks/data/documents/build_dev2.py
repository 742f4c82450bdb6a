"""Writes documents_dev2.jsonl: a second, harder development set for the document reader.

Where build_dev.py mostly has one person per document and one fact per sentence, these
documents exercise the ways a document sentence reads differently from the same claim
stated alone: appositives (nested ones too), relative clauses ("who was born in"),
"the former" / "the latter", "the company", "the city", "the band", gendered pronouns
with two people in the paragraph, possessives ("His wife, ..."), framings ("Fun fact:",
"Reportedly,", "According to ..."), time framings ("In 1874,", "Later,"), "also",
parenthetical years "(1874–1965)", group subjects ("Both", "X and Y"), lists of three
and compound sentences.

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
    ("dev2-01", "bio", [
        ("Oscar Wilde (1854–1900), a poet and playwright, was born in Dublin.", "worthy", None, [
            ("Oscar Wilde was born in Dublin.", S, [("Q30875", "P19", "Q1761")]),
            ("Oscar Wilde was a poet.", S, [("Q30875", "P106", "Q49757")]),
            ("Oscar Wilde was a playwright.", S, [("Q30875", "P106", "Q214917")]),
        ]),
        ("He studied at Trinity College Dublin and Magdalen College.", "worthy", ("He", "Q30875"), [
            ("Oscar Wilde studied at Trinity College Dublin.", S, [("Q30875", "P69", "Q258464")]),
            ("Oscar Wilde studied at Magdalen College.", S, [("Q30875", "P69", "Q81162")]),
        ]),
        ("Wilde, who spent his last years in France, died in Paris.", "worthy", ("Wilde", "Q30875"), [
            ("Oscar Wilde died in Paris.", S, [("Q30875", "P20", "Q90")]),
        ]),
        ("His plays are still the funniest in the English language.", "opinion", ("His", "Q30875"), []),
    ]),
    ("dev2-02", "bio", [
        ("Humphrey Bogart was born in New York City.", "worthy", None, [
            ("Humphrey Bogart was born in New York City.", S, [("Q16390", "P19", "Q60")]),
        ]),
        ("His wife, Lauren Bacall, was born in the Bronx.", "worthy", ("His", "Q16390"), [
            ("Lauren Bacall was born in the Bronx.", S, [("Q104000", "P19", "Q18426")]),
            ("Humphrey Bogart was married to Lauren Bacall.", S, [("Q16390", "P26", "Q104000")]),
        ]),
        ("She died in Manhattan.", "worthy", ("She", "Q104000"), [
            ("Lauren Bacall died in Manhattan.", S, [("Q104000", "P20", "Q11299")]),
        ]),
        ("He died in Los Angeles of esophageal cancer.", "worthy", ("He", "Q16390"), [
            ("Humphrey Bogart died in Los Angeles.", S, [("Q16390", "P20", "Q65")]),
            ("Humphrey Bogart died of esophageal cancer.", S, [("Q16390", "P509", "Q372701")]),
        ]),
        ("The actress studied at the American Academy of Dramatic Arts.", "worthy", ("The actress", "Q104000"), [
            ("Lauren Bacall studied at the American Academy of Dramatic Arts.", S, [("Q104000", "P69", "Q389336")]),
        ]),
    ]),
    ("dev2-03", "news", [
        ("Richard Rodgers and Ira Gershwin were both songwriters.", "worthy", None, [
            ("Richard Rodgers was a songwriter.", S, [("Q269094", "P106", "Q753110")]),
            ("Ira Gershwin was a songwriter.", S, [("Q61059", "P106", "Q753110")]),
        ]),
        ("The latter was born in Manhattan.", "worthy", ("The latter", "Q61059"), [
            ("Ira Gershwin was born in Manhattan.", S, [("Q61059", "P19", "Q11299")]),
        ]),
        ("The former was born in Queens and studied at Columbia University.", "worthy", ("The former", "Q269094"), [
            ("Richard Rodgers was born in Queens.", S, [("Q269094", "P19", "Q18424")]),
            ("Richard Rodgers studied at Columbia University.", S, [("Q269094", "P69", "Q49088")]),
        ]),
        ("Gershwin died in Beverly Hills.", "worthy", ("Gershwin", "Q61059"), [
            ("Ira Gershwin died in Beverly Hills.", S, [("Q61059", "P20", "Q127856")]),
        ]),
    ]),
    ("dev2-04", "news", [
        ("Capitol Records was founded by Johnny Mercer.", "worthy", None, [
            ("Capitol Records was founded by Johnny Mercer.", S, [("Q193023", "P112", "Q363698")]),
        ]),
        ("The company is headquartered in Hollywood.", "worthy", ("The company", "Q193023"), [
            ("Capitol Records is headquartered in Hollywood.", S, [("Q193023", "P159", "Q34006")]),
        ]),
        ("Reportedly, the label was also founded by Buddy DeSylva.", "worthy", ("the label", "Q193023"), [
            ("Capitol Records was founded by Buddy DeSylva.", S, [("Q193023", "P112", "Q80760")]),
        ]),
        ("Buddy DeSylva, a songwriter and film producer, was born in New York City.", "worthy", None, [
            ("Buddy DeSylva was born in New York City.", S, [("Q80760", "P19", "Q60")]),
            ("Buddy DeSylva was a songwriter.", S, [("Q80760", "P106", "Q753110")]),
            ("Buddy DeSylva was a film producer.", S, [("Q80760", "P106", "Q3282637")]),
        ]),
        ("He died in Hollywood.", "worthy", ("He", "Q80760"), [
            ("Buddy DeSylva died in Hollywood.", S, [("Q80760", "P20", "Q34006")]),
        ]),
    ]),
    ("dev2-05", "bio", [
        ("Felix Mendelssohn was born in Hamburg.", "worthy", None, [
            ("Felix Mendelssohn was born in Hamburg.", S, [("Q46096", "P19", "Q1055")]),
        ]),
        ("The composer died in Leipzig.", "worthy", ("The composer", "Q46096"), [
            ("Felix Mendelssohn died in Leipzig.", S, [("Q46096", "P20", "Q2079")]),
        ]),
        ("The city is in Germany.", "worthy", ("The city", "Q2079"), [
            ("Leipzig is in Germany.", S, [("Q2079", "P17", "Q183")]),
        ]),
        ("He studied at the Humboldt University of Berlin.", "worthy", ("He", "Q46096"), [
            ("Felix Mendelssohn studied at the Humboldt University of Berlin.", S, [("Q46096", "P69", "Q152087")]),
        ]),
        ("Mendelssohn died of a stroke.", "worthy", ("Mendelssohn", "Q46096"), [
            ("Felix Mendelssohn died of a stroke.", S, [("Q46096", "P509", "Q12202")]),
        ]),
    ]),
    ("dev2-06", "bio", [
        ("Edgar Allan Poe, who was born in Boston, died in Baltimore.", "worthy", None, [
            ("Edgar Allan Poe was born in Boston.", S, [("Q16867", "P19", "Q100")]),
            ("Edgar Allan Poe died in Baltimore.", S, [("Q16867", "P20", "Q5092")]),
        ]),
        ("Poe, who studied at the University of Virginia, also attended the United States Military Academy.", "worthy", ("Poe", "Q16867"), [
            ("Edgar Allan Poe studied at the University of Virginia.", S, [("Q16867", "P69", "Q213439")]),
            ("Edgar Allan Poe studied at the United States Military Academy.", S, [("Q16867", "P69", "Q9219")]),
        ]),
        ("According to one newspaper, the poet died in Richmond.", "worthy", ("the poet", "Q16867"), [
            ("Edgar Allan Poe died in Richmond.", R, [("Q16867", "P20", "Q43421")]),
        ]),
        ("His poems are dark and beautiful.", "opinion", ("His", "Q16867"), []),
    ]),
    ("dev2-07", "social", [
        ("Fun fact: Stephen Hawking was born in Oxford.", "worthy", None, [
            ("Stephen Hawking was born in Oxford.", S, [("Q17714", "P19", "Q34217")]),
        ]),
        ("Reportedly, he died in Cambridge.", "worthy", ("he", "Q17714"), [
            ("Stephen Hawking died in Cambridge.", S, [("Q17714", "P20", "Q350")]),
        ]),
        ("According to his biographers, Hawking studied at University College.", "worthy", ("Hawking", "Q17714"), [
            ("Stephen Hawking studied at University College.", S, [("Q17714", "P69", "Q81087")]),
        ]),
        ("Interestingly, the astronomer is buried in Westminster Abbey.", "worthy", ("the astronomer", "Q17714"), [
            ("Stephen Hawking is buried in Westminster Abbey.", S, [("Q17714", "P119", "Q5933")]),
        ]),
        ("Sadly, he died of amyotrophic lateral sclerosis.", "worthy", ("he", "Q17714"), [
            ("Stephen Hawking died of amyotrophic lateral sclerosis.", S, [("Q17714", "P509", "Q206901")]),
        ]),
        ("What a mind!", "opinion", None, []),
    ]),
    ("dev2-08", "bio", [
        ("In 1874, Arnold Schoenberg was born in Vienna.", "worthy", None, [
            ("Arnold Schoenberg was born in Vienna.", S, [("Q154770", "P19", "Q1741")]),
        ]),
        ("During the 1930s he emigrated, and he later died in Los Angeles.", "worthy", ("he", "Q154770"), [
            ("Arnold Schoenberg died in Los Angeles.", S, [("Q154770", "P20", "Q65")]),
        ]),
        ("At the time, the composer was also working as a painter.", "worthy", ("the composer", "Q154770"), [
            ("Arnold Schoenberg was a painter.", S, [("Q154770", "P106", "Q1028181")]),
        ]),
        ("In 1951 he died of a heart attack.", "worthy", ("he", "Q154770"), [
            ("Arnold Schoenberg died of a heart attack.", S, [("Q154770", "P509", "Q12152")]),
        ]),
    ]),
    ("dev2-09", "bio", [
        ("Max Weber (1864–1920) was a sociologist, an economist and a historian.", "worthy", None, [
            ("Max Weber was a sociologist.", S, [("Q9387", "P106", "Q2306091")]),
            ("Max Weber was an economist.", S, [("Q9387", "P106", "Q188094")]),
            ("Max Weber was a historian.", S, [("Q9387", "P106", "Q201788")]),
        ]),
        ("He was born in Erfurt and died in Munich.", "worthy", ("He", "Q9387"), [
            ("Max Weber was born in Erfurt.", S, [("Q9387", "P19", "Q1729")]),
            ("Max Weber died in Munich.", S, [("Q9387", "P20", "Q1726")]),
        ]),
        ("Weber worked for Heidelberg University, the University of Freiburg and the University of Vienna.", "worthy", ("Weber", "Q9387"), [
            ("Max Weber worked for Heidelberg University.", S, [("Q9387", "P108", "Q151510")]),
            ("Max Weber worked for the University of Freiburg.", S, [("Q9387", "P108", "Q153987")]),
            ("Max Weber worked for the University of Vienna.", S, [("Q9387", "P108", "Q165980")]),
        ]),
        ("The sociologist died of pneumonia.", "worthy", ("The sociologist", "Q9387"), [
            ("Max Weber died of pneumonia.", S, [("Q9387", "P509", "Q12192")]),
        ]),
    ]),
    ("dev2-10", "news", [
        ("The Jackson 5 was formed in Gary.", "worthy", None, [
            ("The Jackson 5 was formed in Gary.", S, [("Q43267", "P740", "Q184116")]),
        ]),
        ("The band recorded for Motown Records and Epic Records.", "worthy", ("The band", "Q43267"), [
            ("The Jackson 5 recorded for Motown Records.", S, [("Q43267", "P264", "Q43327")]),
            ("The Jackson 5 recorded for Epic Records.", S, [("Q43267", "P264", "Q216364")]),
        ]),
        ("Michael Jackson, the group's youngest member, was born in Gary.", "worthy", None, [
            ("Michael Jackson was born in Gary.", S, [("Q2831", "P19", "Q184116")]),
        ]),
        ("His sister Janet Jackson was also born in Gary.", "worthy", ("His", "Q2831"), [
            ("Janet Jackson was born in Gary.", S, [("Q131324", "P19", "Q184116")]),
            ("Michael Jackson's sibling is Janet Jackson.", S, [("Q2831", "P3373", "Q131324")]),
        ]),
        ("The family is the most talented in pop.", "opinion", None, []),
    ]),
    ("dev2-11", "bio", [
        ("Blake Edwards married Julie Andrews.", "worthy", None, [
            ("Blake Edwards was married to Julie Andrews.", S, [("Q56093", "P26", "Q161819")]),
        ]),
        ("He was born in Tulsa.", "worthy", ("He", "Q56093"), [
            ("Blake Edwards was born in Tulsa.", S, [("Q56093", "P19", "Q44989")]),
        ]),
        ("She was a singer and an actress.", "worthy", ("She", "Q161819"), [
            ("Julie Andrews was a singer.", S, [("Q161819", "P106", "Q177220")]),
            ("Julie Andrews was an actress.", S, [("Q161819", "P106", "Q33999")]),
        ]),
        ("He died of pneumonia in Santa Monica.", "worthy", ("He", "Q56093"), [
            ("Blake Edwards died of pneumonia.", S, [("Q56093", "P509", "Q12192")]),
            ("Blake Edwards died in Santa Monica.", S, [("Q56093", "P20", "Q47164")]),
        ]),
        ("Her voice was magical.", "opinion", ("Her", "Q161819"), []),
    ]),
    ("dev2-12", "bio", [
        ("John Cassavetes, the husband of Gena Rowlands, an actress born in Madison, was born in New York City.", "worthy", None, [
            ("John Cassavetes was born in New York City.", S, [("Q51488", "P19", "Q60")]),
            ("John Cassavetes was married to Gena Rowlands.", S, [("Q51488", "P26", "Q229258")]),
            ("Gena Rowlands was born in Madison.", S, [("Q229258", "P19", "Q43788")]),
        ]),
        ("He died in Los Angeles.", "worthy", ("He", "Q51488"), [
            ("John Cassavetes died in Los Angeles.", S, [("Q51488", "P20", "Q65")]),
        ]),
        ("Both of them studied at the American Academy of Dramatic Arts.", "worthy", None, [
            ("John Cassavetes studied at the American Academy of Dramatic Arts.", S, [("Q51488", "P69", "Q389336")]),
            ("Gena Rowlands studied at the American Academy of Dramatic Arts.", S, [("Q229258", "P69", "Q389336")]),
        ]),
        ("Cassavetes is buried in Westwood Village Memorial Park Cemetery.", "worthy", ("Cassavetes", "Q51488"), [
            ("John Cassavetes is buried in Westwood Village Memorial Park Cemetery.", S, [("Q51488", "P119", "Q1358639")]),
        ]),
    ]),
    ("dev2-13", "news", [
        ("Edward Said, a philosopher and journalist, was born in Cairo.", "worthy", None, [
            ("Edward Said was a philosopher.", S, [("Q201538", "P106", "Q4964182")]),
            ("Edward Said was a journalist.", S, [("Q201538", "P106", "Q1930187")]),
            ("Edward Said was born in Cairo.", R, [("Q201538", "P19", "Q85")]),
        ]),
        ("He worked for Columbia University.", "worthy", ("He", "Q201538"), [
            ("Edward Said worked for Columbia University.", S, [("Q201538", "P108", "Q49088")]),
        ]),
        ("Said studied at Princeton University, where he was a star student.", "worthy", ("Said", "Q201538"), [
            ("Edward Said studied at Princeton University.", S, [("Q201538", "P69", "Q21578")]),
        ]),
        ("The writer died of leukemia in New York City.", "worthy", ("The writer", "Q201538"), [
            ("Edward Said died of leukemia.", S, [("Q201538", "P509", "Q29496")]),
            ("Edward Said died in New York City.", S, [("Q201538", "P20", "Q60")]),
        ]),
    ]),
    ("dev2-14", "bio", [
        ("Albert Einstein was a physicist, a mathematician and a painter.", "worthy", None, [
            ("Albert Einstein was a physicist.", S, [("Q937", "P106", "Q169470")]),
            ("Albert Einstein was a mathematician.", S, [("Q937", "P106", "Q170790")]),
            ("Albert Einstein was a painter.", N, [("Q937", "P106", "Q1028181")]),
        ]),
        ("Born in Ulm, he worked for ETH Zurich, Princeton University and Leiden University.", "worthy", ("he", "Q937"), [
            ("Albert Einstein was born in Ulm.", S, [("Q937", "P19", "Q3012")]),
            ("Albert Einstein worked for ETH Zurich.", S, [("Q937", "P108", "Q11942")]),
            ("Albert Einstein worked for Princeton University.", S, [("Q937", "P108", "Q21578")]),
            ("Albert Einstein worked for Leiden University.", S, [("Q937", "P108", "Q156598")]),
        ]),
        ("The physicist died in Princeton.", "worthy", ("The physicist", "Q937"), [
            ("Albert Einstein died in Princeton.", S, [("Q937", "P20", "Q138518")]),
        ]),
    ]),
    ("dev2-15", "news", [
        ("Robert F. Kennedy was born in Brookline.", "worthy", None, [
            ("Robert F. Kennedy was born in Brookline.", S, [("Q25310", "P19", "Q49142")]),
        ]),
        ("His brother Ted Kennedy was born in Boston.", "worthy", ("His", "Q25310"), [
            ("Ted Kennedy was born in Boston.", S, [("Q134549", "P19", "Q100")]),
            ("Robert F. Kennedy's sibling is Ted Kennedy.", S, [("Q25310", "P3373", "Q134549")]),
        ]),
        ("Ted also studied at Harvard University and at the University of Virginia.", "worthy", ("Ted", "Q134549"), [
            ("Ted Kennedy studied at Harvard University.", S, [("Q134549", "P69", "Q13371")]),
            ("Ted Kennedy studied at the University of Virginia.", S, [("Q134549", "P69", "Q213439")]),
        ]),
        ("Robert died in Los Angeles, and both brothers are buried in Arlington National Cemetery.", "worthy", ("Robert", "Q25310"), [
            ("Robert F. Kennedy died in Los Angeles.", S, [("Q25310", "P20", "Q65")]),
            ("Robert F. Kennedy is buried in Arlington National Cemetery.", S, [("Q25310", "P119", "Q216344")]),
            ("Ted Kennedy is buried in Arlington National Cemetery.", S, [("Q134549", "P119", "Q216344")]),
        ]),
        ("Both were members of the Democratic Party.", "worthy", None, [
            ("Robert F. Kennedy was a member of the Democratic Party.", S, [("Q25310", "P102", "Q29552")]),
            ("Ted Kennedy was a member of the Democratic Party.", S, [("Q134549", "P102", "Q29552")]),
        ]),
    ]),
    ("dev2-16", "news", [
        ("Milton Friedman was born in Brooklyn, but he died in San Francisco.", "worthy", None, [
            ("Milton Friedman was born in Brooklyn.", S, [("Q47426", "P19", "Q18419")]),
            ("Milton Friedman died in San Francisco.", S, [("Q47426", "P20", "Q62")]),
        ]),
        ("He studied at the University of Chicago, and he also studied at Columbia University.", "worthy", ("He", "Q47426"), [
            ("Milton Friedman studied at the University of Chicago.", S, [("Q47426", "P69", "Q131252")]),
            ("Milton Friedman studied at Columbia University.", S, [("Q47426", "P69", "Q49088")]),
        ]),
        ("Friedman was an economist; he was also a statistician.", "worthy", ("Friedman", "Q47426"), [
            ("Milton Friedman was an economist.", S, [("Q47426", "P106", "Q188094")]),
            ("Milton Friedman was a statistician.", S, [("Q47426", "P106", "Q2732142")]),
        ]),
        ("He was a member of the Democratic Party.", "worthy", ("He", "Q47426"), [
            ("Milton Friedman was a member of the Democratic Party.", R, [("Q47426", "P102", "Q29552")]),
        ]),
        ("Some people think he was the greatest economist of his century.", "speculation", ("he", "Q47426"), []),
    ]),
    ("dev2-17", "bio", [
        ("Mary Pickford was born in Toronto.", "worthy", None, [
            ("Mary Pickford was born in Toronto.", S, [("Q104109", "P19", "Q172")]),
        ]),
        ("Her husband, Douglas Fairbanks, was born in Denver.", "worthy", ("Her", "Q104109"), [
            ("Douglas Fairbanks was born in Denver.", S, [("Q104127", "P19", "Q16554")]),
            ("Mary Pickford was married to Douglas Fairbanks.", S, [("Q104109", "P26", "Q104127")]),
        ]),
        ("He studied at Harvard University and died in Santa Monica.", "worthy", ("He", "Q104127"), [
            ("Douglas Fairbanks studied at Harvard University.", S, [("Q104127", "P69", "Q13371")]),
            ("Douglas Fairbanks died in Santa Monica.", S, [("Q104127", "P20", "Q47164")]),
        ]),
        ("She also died in Santa Monica.", "worthy", ("She", "Q104109"), [
            ("Mary Pickford died in Santa Monica.", S, [("Q104109", "P20", "Q47164")]),
        ]),
        ("Pickford was a member of the Democratic Party.", "worthy", ("Pickford", "Q104109"), [
            ("Mary Pickford was a member of the Democratic Party.", R, [("Q104109", "P102", "Q29552")]),
        ]),
    ]),
    ("dev2-18", "bio", [
        ("Louis Armstrong, who was born in New Orleans, was a singer and a jazz musician.", "worthy", None, [
            ("Louis Armstrong was born in New Orleans.", S, [("Q1779", "P19", "Q34404")]),
            ("Louis Armstrong was a singer.", S, [("Q1779", "P106", "Q177220")]),
            ("Louis Armstrong was a jazz musician.", S, [("Q1779", "P106", "Q15981151")]),
        ]),
        ("It is often said that he died in New Orleans.", "worthy", ("he", "Q1779"), [
            ("Louis Armstrong died in New Orleans.", R, [("Q1779", "P20", "Q34404")]),
        ]),
        ("In fact, Armstrong died in New York City.", "worthy", ("Armstrong", "Q1779"), [
            ("Louis Armstrong died in New York City.", S, [("Q1779", "P20", "Q60")]),
        ]),
        ("The singer died of a heart attack.", "worthy", ("The singer", "Q1779"), [
            ("Louis Armstrong died of a heart attack.", S, [("Q1779", "P509", "Q12152")]),
        ]),
    ]),
    ("dev2-19", "news", [
        ("Omar Sharif was born in Alexandria.", "worthy", None, [
            ("Omar Sharif was born in Alexandria.", S, [("Q170515", "P19", "Q87")]),
        ]),
        ("The city is in Egypt.", "worthy", ("The city", "Q87"), [
            ("Alexandria is in Egypt.", S, [("Q87", "P17", "Q79")]),
        ]),
        ("He studied at Cairo University and died in Cairo.", "worthy", ("He", "Q170515"), [
            ("Omar Sharif studied at Cairo University.", S, [("Q170515", "P69", "Q194445")]),
            ("Omar Sharif died in Cairo.", S, [("Q170515", "P20", "Q85")]),
        ]),
        ("The actor died of a heart attack.", "worthy", ("The actor", "Q170515"), [
            ("Omar Sharif died of a heart attack.", S, [("Q170515", "P509", "Q12152")]),
        ]),
    ]),
    ("dev2-20", "bio", [
        ("Sylvia Plath, an American poet, was born in Boston.", "worthy", None, [
            ("Sylvia Plath was born in Boston.", S, [("Q133054", "P19", "Q100")]),
            ("Sylvia Plath was an American poet.", S, [("Q133054", "P106", "Q49757"), ("Q133054", "P27", "Q30")]),
        ]),
        ("She studied at Smith College, where she later taught.", "worthy", ("She", "Q133054"), [
            ("Sylvia Plath studied at Smith College.", S, [("Q133054", "P69", "Q49204")]),
        ]),
        ("Plath died in London.", "worthy", ("Plath", "Q133054"), [
            ("Sylvia Plath died in London.", S, [("Q133054", "P20", "Q84")]),
        ]),
        ("Her poems will be read for centuries.", "prediction", ("Her", "Q133054"), []),
    ]),
    ("dev2-21", "bio", [
        ("Dmitri Shostakovich was born in Saint Petersburg and died in Moscow.", "worthy", None, [
            ("Dmitri Shostakovich was born in Saint Petersburg.", S, [("Q80135", "P19", "Q656")]),
            ("Dmitri Shostakovich died in Moscow.", S, [("Q80135", "P20", "Q649")]),
        ]),
        ("He worked for the Saint Petersburg Conservatory and the Moscow Conservatory.", "worthy", ("He", "Q80135"), [
            ("Dmitri Shostakovich worked for the Saint Petersburg Conservatory.", S, [("Q80135", "P108", "Q178416")]),
            ("Dmitri Shostakovich worked for the Moscow Conservatory.", S, [("Q80135", "P108", "Q215539")]),
        ]),
        ("Shostakovich, a pianist and composer, was a member of the Communist Party of the Soviet Union.", "worthy", ("Shostakovich", "Q80135"), [
            ("Dmitri Shostakovich was a pianist.", S, [("Q80135", "P106", "Q486748")]),
            ("Dmitri Shostakovich was a composer.", N, [("Q80135", "P106", "Q36834")]),
            ("Dmitri Shostakovich was a member of the Communist Party of the Soviet Union.", S, [("Q80135", "P102", "Q79854")]),
        ]),
        ("His symphonies may be the greatest of the century.", "speculation", ("His", "Q80135"), []),
    ]),
    ("dev2-22", "news", [
        ("Sidney Lumet and Elia Kazan were film directors.", "worthy", None, [
            ("Sidney Lumet was a film director.", S, [("Q51559", "P106", "Q2526255")]),
            ("Elia Kazan was a film director.", S, [("Q72717", "P106", "Q2526255")]),
        ]),
        ("The former was born in Philadelphia.", "worthy", ("The former", "Q51559"), [
            ("Sidney Lumet was born in Philadelphia.", S, [("Q51559", "P19", "Q1345")]),
        ]),
        ("The latter was born in Constantinople and died in New York City.", "worthy", ("The latter", "Q72717"), [
            ("Elia Kazan was born in Constantinople.", S, [("Q72717", "P19", "Q16869")]),
            ("Elia Kazan died in New York City.", S, [("Q72717", "P20", "Q60")]),
        ]),
        ("Lumet died of lymphoma in Manhattan.", "worthy", ("Lumet", "Q51559"), [
            ("Sidney Lumet died of lymphoma.", S, [("Q51559", "P509", "Q208414")]),
            ("Sidney Lumet died in Manhattan.", S, [("Q51559", "P20", "Q11299")]),
        ]),
    ]),
    ("dev2-23", "news", [
        ("Warner Music Group was founded by Warner Bros.", "worthy", None, [
            ("Warner Music Group was founded by Warner Bros.", S, [("Q21077", "P112", "Q126399")]),
        ]),
        ("The company is headquartered in New York City.", "worthy", ("The company", "Q21077"), [
            ("Warner Music Group is headquartered in New York City.", S, [("Q21077", "P159", "Q60")]),
        ]),
        ("Humphrey Bogart, Lauren Bacall and Joan Blondell all worked for Warner Bros.", "worthy", None, [
            ("Humphrey Bogart worked for Warner Bros.", S, [("Q16390", "P108", "Q126399")]),
            ("Lauren Bacall worked for Warner Bros.", S, [("Q104000", "P108", "Q126399")]),
            ("Joan Blondell worked for Warner Bros.", S, [("Q242729", "P108", "Q126399")]),
        ]),
        ("Their films are classics.", "opinion", None, []),
    ]),
    ("dev2-24", "bio", [
        ("Ursula K. Le Guin was born in Berkeley.", "worthy", None, [
            ("Ursula K. Le Guin was born in Berkeley.", S, [("Q181659", "P19", "Q484678")]),
        ]),
        ("¶", None, None, []),
        ("The author studied at Radcliffe College and Columbia University.", "worthy", ("The author", "Q181659"), [
            ("Ursula K. Le Guin studied at Radcliffe College.", S, [("Q181659", "P69", "Q49124")]),
            ("Ursula K. Le Guin studied at Columbia University.", S, [("Q181659", "P69", "Q49088")]),
        ]),
        ("Le Guin later worked for the University of Oregon.", "worthy", ("Le Guin", "Q181659"), [
            ("Ursula K. Le Guin worked for the University of Oregon.", S, [("Q181659", "P108", "Q766145")]),
        ]),
        ("She died in Portland.", "worthy", ("She", "Q181659"), [
            ("Ursula K. Le Guin died in Portland.", S, [("Q181659", "P20", "Q6106")]),
        ]),
    ]),
    ("dev2-25", "bio", [
        ("Rudyard Kipling (1865–1936), the author of The Jungle Book, was born in Mumbai.", "worthy", None, [
            ("Rudyard Kipling was born in Mumbai.", S, [("Q34743", "P19", "Q1156")]),
        ]),
        ("He died in London and is buried in Westminster Abbey.", "worthy", ("He", "Q34743"), [
            ("Rudyard Kipling died in London.", S, [("Q34743", "P20", "Q84")]),
            ("Rudyard Kipling is buried in Westminster Abbey.", S, [("Q34743", "P119", "Q5933")]),
        ]),
        ("Kipling, a journalist and poet, worked for the University of St Andrews.", "worthy", ("Kipling", "Q34743"), [
            ("Rudyard Kipling was a journalist.", S, [("Q34743", "P106", "Q1930187")]),
            ("Rudyard Kipling was a poet.", S, [("Q34743", "P106", "Q49757")]),
            ("Rudyard Kipling worked for the University of St Andrews.", S, [("Q34743", "P108", "Q216273")]),
        ]),
        ("His stories delighted generations of children.", "opinion", ("His", "Q34743"), []),
    ]),
    ("dev2-26", "news", [
        ("In his youth, Tom Wolfe studied at Yale University.", "worthy", None, [
            ("Tom Wolfe studied at Yale University.", S, [("Q216195", "P69", "Q49112")]),
        ]),
        ("Later, the journalist became a member of the Republican Party.", "worthy", ("the journalist", "Q216195"), [
            ("Tom Wolfe was a member of the Republican Party.", S, [("Q216195", "P102", "Q29468")]),
        ]),
        ("He was born in Richmond and died in Boston.", "worthy", ("He", "Q216195"), [
            ("Tom Wolfe was born in Richmond.", S, [("Q216195", "P19", "Q43421")]),
            ("Tom Wolfe died in Boston.", R, [("Q216195", "P20", "Q100")]),
        ]),
        ("Wolfe was also a screenwriter.", "worthy", ("Wolfe", "Q216195"), [
            ("Tom Wolfe was a screenwriter.", S, [("Q216195", "P106", "Q28389")]),
        ]),
    ]),
    ("dev2-27", "news", [
        ("According to the BBC, Harold Pinter was born in London.", "worthy", None, [
            ("Harold Pinter was born in London.", S, [("Q41042", "P19", "Q84")]),
        ]),
        ("The playwright studied at the Royal Academy of Dramatic Art.", "worthy", ("The playwright", "Q41042"), [
            ("Harold Pinter studied at the Royal Academy of Dramatic Art.", S, [("Q41042", "P69", "Q523926")]),
        ]),
        ("He was also an actor and a theatre director.", "worthy", ("He", "Q41042"), [
            ("Harold Pinter was an actor.", S, [("Q41042", "P106", "Q33999")]),
            ("Harold Pinter was a theatre director.", S, [("Q41042", "P106", "Q3387717")]),
        ]),
        ("Pinter died of liver cancer.", "worthy", ("Pinter", "Q41042"), [
            ("Harold Pinter died of liver cancer.", S, [("Q41042", "P509", "Q623031")]),
        ]),
        ("Many critics argue that his silences say more than words.", "quote", ("his", "Q41042"), []),
    ]),
    ("dev2-28", "bio", [
        ("Joan Blondell married Dick Powell.", "worthy", None, [
            ("Joan Blondell was married to Dick Powell.", S, [("Q242729", "P26", "Q287977")]),
        ]),
        ("She was born in Manhattan, and he was a member of the Republican Party.", "worthy", ("She", "Q242729"), [
            ("Joan Blondell was born in Manhattan.", S, [("Q242729", "P19", "Q11299")]),
            ("Dick Powell was a member of the Republican Party.", S, [("Q287977", "P102", "Q29468")]),
        ]),
        ("He died of lymphoma.", "worthy", ("He", "Q287977"), [
            ("Dick Powell died of lymphoma.", S, [("Q287977", "P509", "Q208414")]),
        ]),
        ("Blondell died in Santa Monica.", "worthy", ("Blondell", "Q242729"), [
            ("Joan Blondell died in Santa Monica.", S, [("Q242729", "P20", "Q47164")]),
        ]),
        ("Both are buried in Forest Lawn Memorial Park.", "worthy", None, [
            ("Joan Blondell is buried in Forest Lawn Memorial Park.", S, [("Q242729", "P119", "Q1437214")]),
            ("Dick Powell is buried in Forest Lawn Memorial Park.", S, [("Q287977", "P119", "Q1437214")]),
        ]),
    ]),
    ("dev2-29", "social", [
        ("Alexander Pushkin, the poet, was born in Saint Petersburg.", "worthy", None, [
            ("Alexander Pushkin was born in Saint Petersburg.", R, [("Q7200", "P19", "Q656")]),
            ("Alexander Pushkin was a poet.", S, [("Q7200", "P106", "Q49757")]),
        ]),
        ("He died in Saint Petersburg.", "worthy", ("He", "Q7200"), [
            ("Alexander Pushkin died in Saint Petersburg.", S, [("Q7200", "P20", "Q656")]),
        ]),
        ("Pushkin was also a historian and a translator.", "worthy", ("Pushkin", "Q7200"), [
            ("Alexander Pushkin was a historian.", S, [("Q7200", "P106", "Q201788")]),
            ("Alexander Pushkin was a translator.", S, [("Q7200", "P106", "Q333634")]),
        ]),
        ("Honestly, nobody writes like him anymore.", "opinion", ("him", "Q7200"), []),
    ]),
]

if __name__ == "__main__":
    write(DOCS, Path(__file__).resolve().parent / "documents_dev2.jsonl")
