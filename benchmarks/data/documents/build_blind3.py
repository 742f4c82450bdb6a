"""Writes documents_blind3.jsonl: a third blind document set, written without looking at kgfc's code,
its tests or the other document sets' texts. Never tune kgfc on it (see BLIND3.md).

Same row format as the other document sets (see common.py). Each sentence: (text, kind, refers_to,
claims). kind is "worthy" or why it is not (opinion, question, prediction, quote, speculation,
not_covered, heading); refers_to is (mention, QID) for a sentence that leans on a pronoun, short
name or description from before; claims are (claim as checked by hand, label, triples) where
triples are (S, P, O) ids the label rests on. "¶" starts a new paragraph. Labels follow the demo
KG, not the world: common.build checks each one with SPARQL and stores the query; this script
then checks that every entity a SUPPORTED or NOT ENOUGH INFO claim rests on has an English label
and runs every stored query again on the file it wrote.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import open_demo, run, write  # noqa: E402

S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

BERNSTEIN, SHAWN, SUNRA, HARTFORD, CERATI = "Q111436", "Q311068", "Q354508", "Q704700", "Q533284"
ANDERSON, REED, STERLING, DELANY, ETTA = "Q235066", "Q189080", "Q312995", "Q438164", "Q182725"
NEWMAN, RONSTADT, WALLACH, POLEDOURIS, GOLDSMITH = "Q318475", "Q229375", "Q104067", "Q83906", "Q235077"
MARDIN, VENEGAS, ZZTOP, BUCK, HALDEMAN = "Q660545", "Q232214", "Q136591", "Q346801", "Q347461"
TYNER, BERRI, RORTY = "Q318619", "Q298905", "Q215258"
HOUSTON, OKC, TUCSON, LAUSANNE, BASEL = "Q16555", "Q34863", "Q18575", "Q807", "Q78"

# places
NYC, LA, CHICAGO, BROOKLYN, MANHATTAN, BOSTON, PHILLY = "Q60", "Q65", "Q1297", "Q18419", "Q11299", "Q100", "Q1345"
USA, PARIS = "Q30", "Q90"
# occupations
COMPOSER, CONDUCTOR, SINGER, GUITARIST, PIANIST, ACTOR = "Q36834", "Q158852", "Q177220", "Q855091", "Q486748", "Q33999"
SCREENWRITER, WRITER, PRODUCER, SONGWRITER, SINGER_SONGWRITER = "Q28389", "Q36180", "Q183945", "Q753110", "Q488205"
FILM_PRODUCER, BANDLEADER, POET = "Q3282637", "Q806349", "Q49757"
# instruments, labels
PIANO, GUITAR, MANDOLIN, BANJO, BASS = "Q5994", "Q6607", "Q302497", "Q258896", "Q46185"
WARNER, RCA, ELEKTRA, SONY, COLUMBIA_REC = "Q843402", "Q202585", "Q726251", "Q330629", "Q183387"

DOCS = [
    ("blind3-01", "bio", [
        ("Elmer Bernstein was an American composer and conductor, best known for his film scores.", "worthy", None, [
            ("Elmer Bernstein was a composer", S, [(BERNSTEIN, "P106", COMPOSER)]),
            ("Elmer Bernstein was a conductor", S, [(BERNSTEIN, "P106", CONDUCTOR)]),
            ("Elmer Bernstein was American", S, [(BERNSTEIN, "P27", USA)]), ]),
        ("Born in New York City, he studied at New York University and then at the Juilliard School.", "worthy",
         ("he", BERNSTEIN), [
            ("Elmer Bernstein was born in New York City", S, [(BERNSTEIN, "P19", NYC)]),
            ("Elmer Bernstein studied at New York University", S, [(BERNSTEIN, "P69", "Q49210")]),
            ("Elmer Bernstein studied at the Juilliard School", S, [(BERNSTEIN, "P69", "Q503246")]), ]),
        ("Before music took over his life, the young Bernstein had trained as a dancer and painted.", "worthy",
         ("Bernstein", BERNSTEIN), [
            ("Elmer Bernstein was a dancer", S, [(BERNSTEIN, "P106", "Q5716684")]),
            ("Elmer Bernstein was a painter", S, [(BERNSTEIN, "P106", "Q1028181")]), ]),
        ("His score for The Magnificent Seven is still whistled by people who have never seen the film.",
         "not_covered", ("His", BERNSTEIN), []),
        ("Some of his early recordings came out on Imperial Records.", "worthy", ("his", BERNSTEIN), [
            ("Elmer Bernstein recorded for Imperial Records", S, [(BERNSTEIN, "P264", "Q1660305")]), ]),
        ("In later years the composer taught at the University of Southern California.", "worthy",
         ("the composer", BERNSTEIN), [
            ("Elmer Bernstein worked for the University of Southern California", S, [(BERNSTEIN, "P108", "Q4614")]),
        ]),
        ("He died of cancer.", "worthy", ("He", BERNSTEIN), [
            ("Elmer Bernstein died of cancer", S, [(BERNSTEIN, "P509", "Q12078")]), ]),
        ("Few composers have written better music for westerns.", "opinion", None, []),
    ]),
    ("blind3-02", "news", [
        ("A new play at last", "heading", None, []),
        ("Wallace Shawn, the playwright and actor who lives in Manhattan, is back with his first play in a decade.",
         "worthy", None, [
            ("Wallace Shawn is a playwright", S, [(SHAWN, "P106", "Q214917")]),
            ("Wallace Shawn is an actor", S, [(SHAWN, "P106", ACTOR)]),
            ("Wallace Shawn lives in Manhattan", S, [(SHAWN, "P551", MANHATTAN)]), ]),
        ("Shawn, who was born in Boston, studied at Harvard University before he turned to writing.", "worthy",
         ("Shawn", SHAWN), [
            ("Wallace Shawn was born in Boston", R, [(SHAWN, "P19", BOSTON)]),
            ("Wallace Shawn studied at Harvard University", S, [(SHAWN, "P69", "Q13371")]),
            ("Wallace Shawn is a writer", S, [(SHAWN, "P106", WRITER)]), ]),
        ("An outspoken atheist, he has never shied away from politics on stage.", "worthy", ("he", SHAWN), [
            ("Wallace Shawn is an atheist", S, [(SHAWN, "P140", "Q7066")]), ]),
        ("Younger audiences mostly know him as a voice actor, and he has written screenplays too.", "worthy",
         ("him", SHAWN), [
            ("Wallace Shawn is a voice actor", S, [(SHAWN, "P106", "Q2405480")]),
            ("Wallace Shawn is a screenwriter", S, [(SHAWN, "P106", SCREENWRITER)]), ]),
        ("The writer is a member of the American Academy of Arts and Letters.", "worthy", ("The writer", SHAWN), [
            ("Wallace Shawn is a member of the American Academy of Arts and Letters", S,
             [(SHAWN, "P463", "Q463281")]), ]),
        ("Is the theatre ready for a three-hour monologue?", "question", None, []),
        ("Critics expect the run to sell out within a week.", "prediction", None, []),
    ]),
    ("blind3-03", "social", [
        ("Found my dad's old Sun Ra records in the attic and I'm not leaving this room today.", "not_covered",
         None, []),
        ("People forget he was born in Birmingham, Alabama.", "worthy", ("he", SUNRA), [
            ("Sun Ra was born in Birmingham", S, [(SUNRA, "P19", "Q79867")]), ]),
        ("The man played piano, organ and synthesizer, sometimes all in one set.", "worthy", ("The man", SUNRA), [
            ("Sun Ra played the piano", S, [(SUNRA, "P1303", PIANO)]),
            ("Sun Ra played the organ", S, [(SUNRA, "P1303", "Q1444")]),
            ("Sun Ra played the synthesizer", S, [(SUNRA, "P1303", "Q163829")]), ]),
        ("Bebop, swing, space music, he did all of it.", "worthy", ("he", SUNRA), [
            ("Sun Ra played bebop", S, [(SUNRA, "P136", "Q105513")]),
            ("Sun Ra played swing music", S, [(SUNRA, "P136", "Q203775")]), ]),
        ("Also he put out a record on A&M Records, which I did not know.", "worthy", ("he", SUNRA), [
            ("Sun Ra recorded for A&M Records", S, [(SUNRA, "P264", "Q277626")]), ]),
        ("And he died in Philadelphia, near the house where the Arkestra still rehearses.", "worthy", ("he", SUNRA), [
            ("Sun Ra died in Philadelphia", R, [(SUNRA, "P20", PHILLY)]), ]),
        ("Best bandleader of the century, don't @ me.", "opinion", None, []),
        ("Was he really from Saturn though?", "question", ("he", SUNRA), []),
    ]),
    ("blind3-04", "bio", [
        ("John Hartford was an American singer-songwriter and banjo player associated with bluegrass music.",
         "worthy", None, [
            ("John Hartford was a singer-songwriter", S, [(HARTFORD, "P106", SINGER_SONGWRITER)]),
            ("John Hartford played the banjo", S, [(HARTFORD, "P1303", BANJO)]),
            ("John Hartford played bluegrass music", S, [(HARTFORD, "P136", "Q213714")]),
            ("John Hartford was American", S, [(HARTFORD, "P27", USA)]), ]),
        ("Although he is remembered as a Southern musician, Hartford was born in New York City.", "worthy",
         ("Hartford", HARTFORD), [
            ("John Hartford was born in New York City", S, [(HARTFORD, "P19", NYC)]), ]),
        ("He attended Washington University in St. Louis.", "worthy", ("He", HARTFORD), [
            ("John Hartford studied at Washington University in St. Louis", S, [(HARTFORD, "P69", "Q777403")]), ]),
        ("Besides the banjo he played guitar, mandolin and the fiddle.", "worthy", ("he", HARTFORD), [
            ("John Hartford played the guitar", S, [(HARTFORD, "P1303", GUITAR)]),
            ("John Hartford played the mandolin", S, [(HARTFORD, "P1303", MANDOLIN)]),
            ("John Hartford played the violin", N, [(HARTFORD, "P1303", "Q8355")]), ]),
        ("His early albums were released by Warner Bros. Records.", "worthy", ("His", HARTFORD), [
            ("John Hartford recorded for Warner Bros. Records", S, [(HARTFORD, "P264", WARNER)]), ]),
        ("Gentle on My Mind, which he wrote, became one of the most recorded songs of its time.", "not_covered",
         ("he", HARTFORD), []),
        ("The musician died in Memphis and was buried in Tennessee.", "worthy", ("The musician", HARTFORD), [
            ("John Hartford died in Memphis", R, [(HARTFORD, "P20", "Q16563")]),
            ("John Hartford was buried in Tennessee", S, [(HARTFORD, "P119", "Q1509")]), ]),
    ]),
    ("blind3-05", "news", [
        ("Buenos Aires paid tribute on Sunday to Gustavo Cerati, the singer and guitarist who died in the city.",
         "worthy", None, [
            ("Gustavo Cerati was a singer", S, [(CERATI, "P106", SINGER)]),
            ("Gustavo Cerati was a guitarist", S, [(CERATI, "P106", GUITARIST)]),
            ("Gustavo Cerati died in Buenos Aires", S, [(CERATI, "P20", "Q1486")]), ]),
        ("Thousands gathered outside the cemetery where the musician is buried.", "not_covered",
         ("the musician", CERATI), []),
        ("Cerati, who was born in Montevideo, always sang in Spanish and held Argentine citizenship.", "worthy",
         ("Cerati", CERATI), [
            ("Gustavo Cerati was born in Montevideo", R, [(CERATI, "P19", "Q1335")]),
            ("Gustavo Cerati spoke Spanish", S, [(CERATI, "P1412", "Q1321")]),
            ("Gustavo Cerati was a citizen of Argentina", S, [(CERATI, "P27", "Q414")]), ]),
        ("He also worked as a record producer, and his solo albums came out on Sony Music Entertainment.",
         "worthy", ("He", CERATI), [
            ("Gustavo Cerati was a record producer", S, [(CERATI, "P106", PRODUCER)]),
            ("Gustavo Cerati recorded for Sony Music Entertainment", S, [(CERATI, "P264", SONY)]), ]),
        ("His music moved from alternative rock to pop rock.", "worthy", ("His", CERATI), [
            ("Gustavo Cerati played alternative rock", S, [(CERATI, "P136", "Q11366")]),
            ("Gustavo Cerati played pop rock", N, [(CERATI, "P136", "Q484641")]), ]),
        ("The singer spent four years in a coma after a stroke.", "worthy", ("The singer", CERATI), [
            ("Gustavo Cerati had a stroke", S, [(CERATI, "P1050", "Q12202")]), ]),
        ("Organisers said a statue would be unveiled next year.", "prediction", None, []),
    ]),
    ("blind3-06", "bio", [
        ("Laurie Anderson is an American composer, violinist and poet.", "worthy", None, [
            ("Laurie Anderson is a composer", S, [(ANDERSON, "P106", COMPOSER)]),
            ("Laurie Anderson is a violinist", S, [(ANDERSON, "P106", "Q1259917")]),
            ("Laurie Anderson is a poet", S, [(ANDERSON, "P106", POET)]),
            ("Laurie Anderson is American", S, [(ANDERSON, "P27", USA)]), ]),
        ("Born in Chicago, she studied at Barnard College and later at Columbia University.", "worthy",
         ("she", ANDERSON), [
            ("Laurie Anderson was born in Chicago", S, [(ANDERSON, "P19", CHICAGO)]),
            ("Laurie Anderson studied at Barnard College", S, [(ANDERSON, "P69", "Q167733")]),
            ("Laurie Anderson studied at Columbia University", N, [(ANDERSON, "P69", "Q49088")]), ]),
        ("Anderson has also worked as an inventor and a choreographer, and she is a Buddhist.", "worthy",
         ("Anderson", ANDERSON), [
            ("Laurie Anderson is an inventor", S, [(ANDERSON, "P106", "Q205375")]),
            ("Laurie Anderson is a choreographer", S, [(ANDERSON, "P106", "Q2490358")]),
            ("Laurie Anderson is a Buddhist", S, [(ANDERSON, "P140", "Q748")]), ]),
        ("¶", None, None, []),
        ("She married Lou Reed, who was born in Brooklyn and had studied at Syracuse University.", "worthy",
         ("She", ANDERSON), [
            ("Laurie Anderson married Lou Reed", S, [(ANDERSON, "P26", REED)]),
            ("Lou Reed was born in Brooklyn", S, [(REED, "P19", BROOKLYN)]),
            ("Lou Reed studied at Syracuse University", S, [(REED, "P69", "Q617433")]), ]),
        ("Reed, a singer, guitarist and photographer, died of liver cirrhosis.", "worthy", ("Reed", REED), [
            ("Lou Reed was a singer", S, [(REED, "P106", SINGER)]),
            ("Lou Reed was a guitarist", S, [(REED, "P106", GUITARIST)]),
            ("Lou Reed was a photographer", S, [(REED, "P106", "Q33231")]),
            ("Lou Reed died of liver cirrhosis", S, [(REED, "P509", "Q147778")]), ]),
        ("She and her husband both recorded for Warner Bros. Records.", "worthy", ("She", ANDERSON), [
            ("Laurie Anderson recorded for Warner Bros. Records", S, [(ANDERSON, "P264", WARNER)]),
            ("Lou Reed recorded for Warner Bros. Records", S, [(REED, "P264", WARNER)]), ]),
        ("Reed's best-known solo albums, though, came out on RCA Records.", "worthy", ("Reed", REED), [
            ("Lou Reed recorded for RCA Records", N, [(REED, "P264", RCA)]), ]),
        ("Their collaborations are some of the strangest and loveliest records of the era.", "opinion",
         ("Their", ANDERSON), []),
    ]),
    ("blind3-07", "interview", [
        ("Interviewer: Bruce Sterling, thanks for making the time.", "not_covered", None, []),
        ("¶", None, None, []),
        ("Interviewer: So, you were born in Dallas.", "worthy", ("you", STERLING), [
            ("Bruce Sterling was born in Dallas", R, [(STERLING, "P19", "Q16557")]), ]),
        ("¶", None, None, []),
        ("Sterling: No, but I have lived in Austin for most of my life.", "worthy", ("I", STERLING), [
            ("Bruce Sterling lives in Austin", S, [(STERLING, "P551", "Q16559")]), ]),
        ("¶", None, None, []),
        ("Interviewer: And you studied at the University of Texas at Austin.", "worthy", ("you", STERLING), [
            ("Bruce Sterling studied at the University of Texas at Austin", S, [(STERLING, "P69", "Q49213")]), ]),
        ("¶", None, None, []),
        ("Sterling: Right. Samuel Delany was a huge influence on me, and so was J. G. Ballard.", "worthy",
         ("me", STERLING), [
            ("Bruce Sterling was influenced by Samuel R. Delany", S, [(STERLING, "P737", DELANY)]),
            ("Bruce Sterling was influenced by J. G. Ballard", S, [(STERLING, "P737", "Q140201")]), ]),
        ("¶", None, None, []),
        ("Interviewer: Where did Delany grow up?", "question", ("Delany", DELANY), []),
        ("¶", None, None, []),
        ("Sterling: He was born in New York City, went to the Bronx High School of Science, and taught for "
         "years at the University at Buffalo.", "worthy", ("He", DELANY), [
            ("Samuel R. Delany was born in New York City", S, [(DELANY, "P19", NYC)]),
            ("Samuel R. Delany studied at the Bronx High School of Science", S, [(DELANY, "P69", "Q751612")]),
            ("Samuel R. Delany worked for the University at Buffalo", S, [(DELANY, "P108", "Q681025")]), ]),
        ("¶", None, None, []),
        ("Interviewer: He also studied at Columbia University, didn't he?", "question", ("He", DELANY), []),
        ("¶", None, None, []),
        ("Sterling: I think he is the best prose stylist the genre ever had.", "opinion", ("he", DELANY), []),
    ]),
    ("blind3-08", "bio", [
        ("Etta James was an American singer whose work spanned blues, soul music, gospel and jazz.", "worthy",
         None, [
            ("Etta James was a singer", S, [(ETTA, "P106", SINGER)]),
            ("Etta James sang blues", S, [(ETTA, "P136", "Q9759")]),
            ("Etta James sang soul music", S, [(ETTA, "P136", "Q131272")]),
            ("Etta James sang gospel music", S, [(ETTA, "P136", "Q180268")]),
            ("Etta James sang jazz", S, [(ETTA, "P136", "Q8341")]), ]),
        ("She was born in Los Angeles and learned to play the piano as a girl.", "worthy", ("She", ETTA), [
            ("Etta James was born in Los Angeles", S, [(ETTA, "P19", LA)]),
            ("Etta James played the piano", N, [(ETTA, "P1303", PIANO)]), ]),
        ("James made her name at Chess Records and later recorded for RCA Records, Elektra Records and "
         "Island Records.", "worthy", ("James", ETTA), [
            ("Etta James recorded for Chess Records", S, [(ETTA, "P264", "Q772494")]),
            ("Etta James recorded for RCA Records", S, [(ETTA, "P264", RCA)]),
            ("Etta James recorded for Elektra Records", S, [(ETTA, "P264", ELEKTRA)]),
            ("Etta James recorded for Island Records", S, [(ETTA, "P264", "Q190585")]), ]),
        ("The singer also wrote songs for other artists.", "worthy", ("The singer", ETTA), [
            ("Etta James was a songwriter", N, [(ETTA, "P106", SONGWRITER)]), ]),
        ("At Last remains the song many couples choose for their first dance.", "not_covered", None, []),
        ("In her last years she lived with Alzheimer's disease, and she died of leukemia.", "worthy", ("she", ETTA), [
            ("Etta James had Alzheimer's disease", S, [(ETTA, "P1050", "Q11081")]),
            ("Etta James died of leukemia", S, [(ETTA, "P509", "Q29496")]), ]),
    ]),
    ("blind3-09", "social", [
        ("Saw Randy Newman last night.", "not_covered", None, []),
        ("Just him and a piano, like always.", "worthy", ("him", NEWMAN), [
            ("Randy Newman plays the piano", S, [(NEWMAN, "P1303", PIANO)]), ]),
        ("Reminder that the man was born in New Orleans and went to UCLA.", "worthy", ("the man", NEWMAN), [
            ("Randy Newman was born in New Orleans", R, [(NEWMAN, "P19", "Q34404")]),
            ("Randy Newman studied at the University of California, Los Angeles", S, [(NEWMAN, "P69", "Q174710")]), ]),
        ("He does film scores and rock songs, and he's a card-carrying Democrat on top of it.", "worthy",
         ("He", NEWMAN), [
            ("Randy Newman writes film scores", S, [(NEWMAN, "P136", "Q492264")]),
            ("Randy Newman plays rock music", S, [(NEWMAN, "P136", "Q11399")]),
            ("Randy Newman is a member of the Democratic Party", S, [(NEWMAN, "P102", "Q29552")]), ]),
        ("His albums came out on Warner Bros. Records and Capitol Records for decades.", "worthy", ("His", NEWMAN), [
            ("Randy Newman recorded for Warner Bros. Records", S, [(NEWMAN, "P264", WARNER)]),
            ("Randy Newman recorded for Capitol Records", N, [(NEWMAN, "P264", "Q193023")]), ]),
        ("The Toy Story songs will outlive all of us.", "prediction", None, []),
        ("Why isn't he on every greatest-songwriters list?", "question", ("he", NEWMAN), []),
    ]),
    ("blind3-10", "news", [
        ("Ronstadt honoured in her home town", "heading", None, []),
        ("Tucson, the city where Linda Ronstadt was born, unveiled a mural of the singer on Friday.", "worthy",
         None, [
            ("Linda Ronstadt was born in Tucson", S, [(RONSTADT, "P19", TUCSON)]),
            ("Linda Ronstadt is a singer", S, [(RONSTADT, "P106", SINGER)]), ]),
        ("Ronstadt, who studied at Arizona State University, recorded her best-known albums for Asylum Records.",
         "worthy", ("Ronstadt", RONSTADT), [
            ("Linda Ronstadt studied at Arizona State University", S, [(RONSTADT, "P69", "Q670897")]),
            ("Linda Ronstadt recorded for Asylum Records", S, [(RONSTADT, "P264", "Q1998195")]), ]),
        ("She moved easily between country music and pop rock, and she produced records as well.", "worthy",
         ("She", RONSTADT), [
            ("Linda Ronstadt sang country music", S, [(RONSTADT, "P136", "Q83440")]),
            ("Linda Ronstadt sang pop rock", S, [(RONSTADT, "P136", "Q484641")]),
            ("Linda Ronstadt was a record producer", S, [(RONSTADT, "P106", PRODUCER)]), ]),
        ("The singer stopped performing after she was diagnosed with Parkinson's disease.", "worthy",
         ("The singer", RONSTADT), [
            ("Linda Ronstadt has Parkinson's disease", S, [(RONSTADT, "P1050", "Q11085")]), ]),
        ("The mural, the mayor said, \"belongs to everyone who ever sang along in a car.\"", "quote", None, []),
        ("City officials hope it will draw visitors from across the country.", "prediction", None, []),
    ]),
    ("blind3-11", "bio", [
        ("Eli Wallach was an American character actor, remembered above all for his roles in Westerns.",
         "worthy", None, [
            ("Eli Wallach was a character actor", S, [(WALLACH, "P106", "Q948329")]),
            ("Eli Wallach acted in Westerns", S, [(WALLACH, "P136", "Q21590660")]),
            ("Eli Wallach was American", S, [(WALLACH, "P27", USA)]), ]),
        ("He was born in New York City and lived for most of his life in Brooklyn.", "worthy", ("He", WALLACH), [
            ("Eli Wallach was born in New York City", S, [(WALLACH, "P19", NYC)]),
            ("Eli Wallach lived in Brooklyn", S, [(WALLACH, "P551", BROOKLYN)]), ]),
        ("Wallach went to Erasmus Hall High School, then to the University of Texas at Austin and the City "
         "College of New York.", "worthy", ("Wallach", WALLACH), [
            ("Eli Wallach studied at Erasmus Hall High School", S, [(WALLACH, "P69", "Q5384959")]),
            ("Eli Wallach studied at the University of Texas at Austin", S, [(WALLACH, "P69", "Q49213")]),
            ("Eli Wallach studied at the City College of New York", S, [(WALLACH, "P69", "Q1093910")]), ]),
        ("He later took acting classes at the Juilliard School.", "worthy", ("He", WALLACH), [
            ("Eli Wallach studied at the Juilliard School", N, [(WALLACH, "P69", "Q503246")]), ]),
        ("The actor also produced films and, late in life, wrote an autobiography.", "worthy",
         ("The actor", WALLACH), [
            ("Eli Wallach was a film producer", S, [(WALLACH, "P106", FILM_PRODUCER)]),
            ("Eli Wallach was an autobiographer", S, [(WALLACH, "P106", "Q18814623")]), ]),
        ("His Tuco is, for many, the best thing in The Good, the Bad and the Ugly.", "opinion", ("His", WALLACH), []),
    ]),
    ("blind3-12", "press", [
        ("FOR IMMEDIATE RELEASE", "heading", None, []),
        ("The Westside Symphony Orchestra will present an evening of film music by Basil Poledouris and Jerry "
         "Goldsmith on 14 March.", "prediction", None, []),
        ("Poledouris, like Goldsmith, studied at the University of Southern California.", "worthy",
         ("Poledouris", POLEDOURIS), [
            ("Basil Poledouris studied at the University of Southern California", S, [(POLEDOURIS, "P69", "Q4614")]),
            ("Jerry Goldsmith studied at the University of Southern California", S, [(GOLDSMITH, "P69", "Q4614")]), ]),
        ("A composer and conductor, Poledouris was born in Kansas City and died in Los Angeles.", "worthy",
         ("Poledouris", POLEDOURIS), [
            ("Basil Poledouris was a composer", S, [(POLEDOURIS, "P106", COMPOSER)]),
            ("Basil Poledouris was a conductor", S, [(POLEDOURIS, "P106", CONDUCTOR)]),
            ("Basil Poledouris was born in Kansas City", S, [(POLEDOURIS, "P19", "Q41819")]),
            ("Basil Poledouris died in Los Angeles", S, [(POLEDOURIS, "P20", LA)]), ]),
        ("Goldsmith, who was born in Pasadena, died in Beverly Hills.", "worthy", ("Goldsmith", GOLDSMITH), [
            ("Jerry Goldsmith was born in Pasadena", R, [(GOLDSMITH, "P19", "Q485176")]),
            ("Jerry Goldsmith died in Beverly Hills", S, [(GOLDSMITH, "P20", "Q127856")]), ]),
        ("The programme includes suites from Conan the Barbarian and Star Trek.", "not_covered", None, []),
        ("\"These scores deserve a concert hall,\" said music director Ana Ruiz.", "quote", None, []),
        ("Tickets go on sale on 1 February.", "prediction", None, []),
    ]),
    ("blind3-13", "news", [
        ("Arif Mardin, the record producer behind dozens of hits at Atlantic Records, is the subject of a new "
         "documentary.", "worthy", None, [
            ("Arif Mardin was a record producer", S, [(MARDIN, "P106", PRODUCER)]),
            ("Arif Mardin worked for Atlantic Records", S, [(MARDIN, "P264", "Q202440")]), ]),
        ("Mardin was born in Istanbul and came to the United States to study at the Berklee College of Music.",
         "worthy", ("Mardin", MARDIN), [
            ("Arif Mardin was born in Istanbul", S, [(MARDIN, "P19", "Q406")]),
            ("Arif Mardin studied at the Berklee College of Music", S, [(MARDIN, "P69", "Q248970")]), ]),
        ("A composer in his own right, he arranged most of his records at the keyboard.", "worthy", ("he", MARDIN), [
            ("Arif Mardin was a composer", S, [(MARDIN, "P106", COMPOSER)]),
            ("Arif Mardin played keyboard instruments", S, [(MARDIN, "P1303", "Q52954")]), ]),
        ("The film argues that he was the finest arranger of his generation.", "opinion", ("he", MARDIN), []),
        ("He died of pancreatic cancer in Istanbul in 2006.", "worthy", ("He", MARDIN), [
            ("Arif Mardin died of pancreatic cancer", S, [(MARDIN, "P509", "Q212961")]),
            ("Arif Mardin died in Istanbul", R, [(MARDIN, "P20", "Q406")]), ]),
        ("The director hopes to screen the film in Turkey next year.", "prediction", None, []),
    ]),
    ("blind3-14", "social", [
        ("Can we talk about Julieta Venegas for a second?", "question", None, []),
        ("She plays the accordion on half her songs, and she's a trained pianist too.", "worthy", ("She", VENEGAS), [
            ("Julieta Venegas plays the accordion", S, [(VENEGAS, "P1303", "Q79838")]),
            ("Julieta Venegas is a pianist", S, [(VENEGAS, "P106", PIANIST)]), ]),
        ("Fun fact: she was born in Long Beach, California, but she's a Mexican citizen.", "worthy",
         ("she", VENEGAS), [
            ("Julieta Venegas was born in Long Beach", S, [(VENEGAS, "P19", "Q16739")]),
            ("Julieta Venegas is a citizen of Mexico", S, [(VENEGAS, "P27", "Q96")]), ]),
        ("Her music is Latin pop, indie pop, folk rock, call it what you want.", "worthy", ("Her", VENEGAS), [
            ("Julieta Venegas plays Latin pop", S, [(VENEGAS, "P136", "Q547137")]),
            ("Julieta Venegas plays indie pop", S, [(VENEGAS, "P136", "Q842324")]),
            ("Julieta Venegas plays folk rock", S, [(VENEGAS, "P136", "Q186472")]), ]),
        ("Her label is Sony Music Entertainment and honestly they should push her way harder.", "worthy",
         ("Her", VENEGAS), [
            ("Julieta Venegas records for Sony Music Entertainment", S, [(VENEGAS, "P264", SONY)]), ]),
        ("She's playing Lausanne in June, and I'm going, because who doesn't want a weekend in France.", "worthy",
         ("She", VENEGAS), [
            ("Lausanne is in France", R, [(LAUSANNE, "P17", "Q142")]), ]),
        ("Best live show of the year, calling it now.", "prediction", None, []),
    ]),
    ("blind3-15", "news", [
        ("ZZ Top will headline the rodeo this spring in Houston, the city where the band was formed.", "worthy",
         None, [
            ("ZZ Top was formed in Houston", S, [(ZZTOP, "P740", HOUSTON)]), ]),
        ("The American trio has recorded for London Records, Warner Bros. Records and RCA Records over the "
         "decades.", "worthy", ("The American trio", ZZTOP), [
            ("ZZ Top is from the United States", S, [(ZZTOP, "P495", USA)]),
            ("ZZ Top recorded for London Records", S, [(ZZTOP, "P264", "Q935090")]),
            ("ZZ Top recorded for Warner Bros. Records", S, [(ZZTOP, "P264", WARNER)]),
            ("ZZ Top recorded for RCA Records", S, [(ZZTOP, "P264", RCA)]), ]),
        ("Its sound mixes blues rock with hard rock.", "worthy", ("Its", ZZTOP), [
            ("ZZ Top plays blues rock", S, [(ZZTOP, "P136", "Q193355")]),
            ("ZZ Top plays hard rock", N, [(ZZTOP, "P136", "Q83270")]), ]),
        ("\"Houston has always been home,\" the group's manager said.", "quote", None, []),
        ("Organisers expect more than 70,000 people at the show.", "prediction", None, []),
        ("Is there a better live band in the country?", "question", None, []),
    ]),
    ("blind3-16", "social", [
        ("Peter Buck appreciation post.", "heading", None, []),
        ("The man is a guitarist, songwriter and record producer, and the nicest guy in rock.", "worthy",
         ("The man", BUCK), [
            ("Peter Buck is a guitarist", S, [(BUCK, "P106", GUITARIST)]),
            ("Peter Buck is a songwriter", S, [(BUCK, "P106", SONGWRITER)]),
            ("Peter Buck is a record producer", S, [(BUCK, "P106", PRODUCER)]), ]),
        ("Born in Atlanta, and he's lived in Seattle and Portland since.", "worthy", ("he", BUCK), [
            ("Peter Buck was born in Atlanta", R, [(BUCK, "P19", "Q23556")]),
            ("Peter Buck lived in Seattle", S, [(BUCK, "P551", "Q5083")]),
            ("Peter Buck lived in Portland", S, [(BUCK, "P551", "Q6106")]), ]),
        ("He's also great on mandolin and bass guitar.", "worthy", ("He", BUCK), [
            ("Peter Buck plays the mandolin", S, [(BUCK, "P1303", MANDOLIN)]),
            ("Peter Buck plays the bass guitar", S, [(BUCK, "P1303", BASS)]), ]),
        ("And yes, that's him on banjo on the new record.", "worthy", ("him", BUCK), [
            ("Peter Buck plays the banjo", N, [(BUCK, "P1303", BANJO)]), ]),
        ("He founded R.E.M. with three friends from college.", "not_covered", ("He", BUCK), []),
        ("Would they ever reunite?", "question", None, []),
    ]),
    ("blind3-17", "bio", [
        ("Joe Haldeman is an American writer and screenwriter known for his science fiction.", "worthy", None, [
            ("Joe Haldeman is a writer", S, [(HALDEMAN, "P106", WRITER)]),
            ("Joe Haldeman is a screenwriter", S, [(HALDEMAN, "P106", SCREENWRITER)]),
            ("Joe Haldeman is American", S, [(HALDEMAN, "P27", USA)]), ]),
        ("He was born in Oklahoma City, where he also lived for some years.", "worthy", ("He", HALDEMAN), [
            ("Joe Haldeman was born in Oklahoma City", S, [(HALDEMAN, "P19", OKC)]),
            ("Joe Haldeman lived in Oklahoma City", S, [(HALDEMAN, "P551", OKC)]), ]),
        ("His birthplace is a state capital in the United States.", "worthy", ("His birthplace", OKC), [
            ("Oklahoma City is a state capital", S, [(OKC, "P31", "Q21518270")]),
            ("Oklahoma City is in the United States", S, [(OKC, "P17", USA)]), ]),
        ("Haldeman studied at the University of Iowa and later taught at the Massachusetts Institute of "
         "Technology.", "worthy", ("Haldeman", HALDEMAN), [
            ("Joe Haldeman studied at the University of Iowa", S, [(HALDEMAN, "P69", "Q182973")]),
            ("Joe Haldeman worked for the Massachusetts Institute of Technology", S, [(HALDEMAN, "P108", "Q49108")]),
        ]),
        ("The Forever War, his best-known novel, drew on his service in Vietnam.", "not_covered",
         ("his", HALDEMAN), []),
        ("Some readers consider it the finest war novel of its generation.", "opinion", None, []),
    ]),
    ("blind3-18", "interview", [
        ("Host: Today we are talking about McCoy Tyner with a jazz critic.", "not_covered", None, []),
        ("¶", None, None, []),
        ("Host: Tyner was from Philadelphia, right?", "question", ("Tyner", TYNER), []),
        ("¶", None, None, []),
        ("Critic: Yes, he was born in Philadelphia, and he died there too.", "worthy", ("he", TYNER), [
            ("McCoy Tyner was born in Philadelphia", S, [(TYNER, "P19", PHILLY)]),
            ("McCoy Tyner died in Philadelphia", R, [(TYNER, "P20", PHILLY)]), ]),
        ("¶", None, None, []),
        ("Critic: He was a pianist first, but also a composer and a bandleader.", "worthy", ("He", TYNER), [
            ("McCoy Tyner was a pianist", S, [(TYNER, "P106", PIANIST)]),
            ("McCoy Tyner was a composer", S, [(TYNER, "P106", COMPOSER)]),
            ("McCoy Tyner was a bandleader", S, [(TYNER, "P106", BANDLEADER)]), ]),
        ("¶", None, None, []),
        ("Critic: He recorded for Columbia Records and Elektra Records, and later for Blue Note Records.",
         "worthy", ("He", TYNER), [
            ("McCoy Tyner recorded for Columbia Records", S, [(TYNER, "P264", COLUMBIA_REC)]),
            ("McCoy Tyner recorded for Elektra Records", S, [(TYNER, "P264", ELEKTRA)]),
            ("McCoy Tyner recorded for Blue Note Records", N, [(TYNER, "P264", "Q885833")]), ]),
        ("¶", None, None, []),
        ("Critic: The last time I saw him was at a festival in Basel, over in Germany.", "worthy", None, [
            ("Basel is in Germany", R, [(BASEL, "P17", "Q183")]), ]),
        ("¶", None, None, []),
        ("Host: Did he ever play the saxophone?", "question", ("he", TYNER), []),
        ("¶", None, None, []),
        ("Critic: I believe he tried it as a teenager, but don't quote me.", "speculation", ("he", TYNER), []),
        ("¶", None, None, []),
        ("Critic: His left hand changed jazz piano forever.", "opinion", ("His", TYNER), []),
    ]),
    ("blind3-19", "bio", [
        ("Claude Berri was a French film director, screenwriter and producer.", "worthy", None, [
            ("Claude Berri was a film director", S, [(BERRI, "P106", "Q2526255")]),
            ("Claude Berri was a screenwriter", S, [(BERRI, "P106", SCREENWRITER)]),
            ("Claude Berri was a film producer", S, [(BERRI, "P106", FILM_PRODUCER)]),
            ("Claude Berri was French", S, [(BERRI, "P27", "Q142")]), ]),
        ("He was born in Paris, the city where he also died.", "worthy", ("He", BERRI), [
            ("Claude Berri was born in Paris", S, [(BERRI, "P19", PARIS)]),
            ("Claude Berri died in Paris", S, [(BERRI, "P20", PARIS)]), ]),
        ("Before he directed, Berri acted on stage and in films.", "worthy", ("Berri", BERRI), [
            ("Claude Berri was a stage actor", S, [(BERRI, "P106", "Q2259451")]),
            ("Claude Berri was a film actor", S, [(BERRI, "P106", "Q10800557")]), ]),
        ("His films Jean de Florette and Manon des Sources were huge hits in France.", "not_covered",
         ("His", BERRI), []),
        ("Many critics think Jean de Florette is his finest film.", "opinion", ("his", BERRI), []),
        ("The director died after a stroke.", "worthy", ("The director", BERRI), [
            ("Claude Berri died of a stroke", S, [(BERRI, "P509", "Q12202")]), ]),
    ]),
    ("blind3-20", "news", [
        ("A new biography of Richard Rorty, the philosopher who taught at Princeton University and Wellesley "
         "College, appears this week.", "worthy", None, [
            ("Richard Rorty was a philosopher", S, [(RORTY, "P106", "Q4964182")]),
            ("Richard Rorty worked for Princeton University", S, [(RORTY, "P108", "Q21578")]),
            ("Richard Rorty worked for Wellesley College", S, [(RORTY, "P108", "Q49205")]), ]),
        ("Rorty, a New York City native, studied at the University of Chicago and at Yale University.", "worthy",
         ("Rorty", RORTY), [
            ("Richard Rorty was born in New York City", S, [(RORTY, "P19", NYC)]),
            ("Richard Rorty studied at the University of Chicago", S, [(RORTY, "P69", "Q131252")]),
            ("Richard Rorty studied at Yale University", S, [(RORTY, "P69", "Q49112")]), ]),
        ("Late in his career he also taught at Stanford University.", "worthy", ("he", RORTY), [
            ("Richard Rorty worked for Stanford University", N, [(RORTY, "P108", "Q41506")]), ]),
        ("Like many of his generation, he read Martin Heidegger closely and was shaped by him.", "worthy",
         ("he", RORTY), [
            ("Richard Rorty was influenced by Martin Heidegger", S, [(RORTY, "P737", "Q48301")]), ]),
        ("He died of pancreatic cancer in San Francisco.", "worthy", ("He", RORTY), [
            ("Richard Rorty died of pancreatic cancer", S, [(RORTY, "P509", "Q212961")]),
            ("Richard Rorty died in San Francisco", R, [(RORTY, "P20", "Q62")]), ]),
        ("Will his pragmatism find new readers?", "question", ("his", RORTY), []),
    ]),
]


def _check_labels(docs) -> None:
    """Every entity a SUPPORTED or NOT ENOUGH INFO claim rests on has an English label in the KG."""
    store = open_demo()
    for doc_id, _style, sentences in docs:
        for _text, _kind, _refers, claims in sentences:
            for claim, label, triples in claims:
                if label == R:
                    continue
                for s, _p, o in triples:
                    for q in (s, o):
                        got = run(store, f"SELECT ?l WHERE {{ wd:{q} rdfs:label ?l }}")
                        assert got, (doc_id, claim, q, "no label")


def _recheck(path: Path) -> None:
    """Run every stored query again against the written file."""
    store = open_demo()
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        for sent in row["sentences"]:
            for c in sent["claims"]:
                got = run(store, c["check_sparql"])
                if isinstance(got, list):
                    got = [list(r) for r in got]
                assert got == c["expected_check"], (row["id"], c["claim"], got)


if __name__ == "__main__":
    _check_labels(DOCS)
    out = Path(__file__).resolve().parent / "documents_blind3.jsonl"
    write(DOCS, out)
    _recheck(out)
