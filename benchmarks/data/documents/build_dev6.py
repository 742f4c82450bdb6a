"""Writes documents_dev6.jsonl: a sixth development set for the document reader, written blind.

Written by an outside writer who did not read the reader's code, over demo-KG entities that
build_dev5.py does not centre on: people (Bogart, Pickford, Le Guin, Sagan, Attenborough...),
films (Sunset Boulevard, Black Swan, The Pianist, Lost in Translation), bands (The White Stripes,
Bee Gees, Thin Lizzy, The Band), cities (Melbourne, Seattle, Detroit, Newark) and companies
(Def Jam Recordings, Virgin Records, Motown Records). Styles: Wikipedia-style bios with
parenthetical dates, obituaries, local news with quotes and datelines, listicles, fan-forum
posts in lower case, press releases, interview transcripts (one answer with no pronoun at all),
a school essay, a travel blog, a film review and an FAQ page. Sentences lean on earlier ones:
"he"/"she" switching between two people, "the singer", "the city", "the label", "the couple",
first names ("barry", "robin", "Jack"), surnames, possessives ("Her father", "His bandmate").

False claims contradict a single-valued KG fact (birthplace, death place, burial place, party,
religion, spouse, director, formation place, headquarters, parent company, a city's country);
claims the KG cannot decide (John Lennon's birthplace, Barry Gibb's birthplace, Claire Bloom's
birthplace, who directed Bonnie and Clyde, whether Hepburn married Tracy) are NOT ENOUGH INFO.

Same format as build_dev5.py: (text, kind, refers_to, claims) per sentence, "¶" for a new
paragraph; common.py checks every label against the demo KG by SPARQL and refuses to write on
any mismatch.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import write  # noqa: E402

S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

DOCS = [
    (
        "dev6-01",
        "bio",
        [
            (
                "Humphrey Bogart (December 25, 1899 – January 14, 1957) was an American film and stage actor.",
                "worthy",
                None,
                [
                    ("Humphrey Bogart was a film actor.", S, [("Q16390", "P106", "Q10800557")]),
                    ("Humphrey Bogart was a stage actor.", S, [("Q16390", "P106", "Q2259451")]),
                ],
            ),
            (
                "Born in New York City, he attended Phillips Academy but was expelled before graduating.",
                "worthy",
                ("he", "Q16390"),
                [
                    ("Humphrey Bogart was born in New York City.", S, [("Q16390", "P19", "Q60")]),
                    (
                        "Humphrey Bogart studied at Phillips Academy.",
                        S,
                        [("Q16390", "P69", "Q1432645")],
                    ),
                ],
            ),
            (
                "Bogart signed a contract with Warner Bros. in the 1930s.",
                "worthy",
                ("Bogart", "Q16390"),
                [
                    ("Humphrey Bogart worked for Warner Bros.", S, [("Q16390", "P108", "Q126399")]),
                ],
            ),
            (
                "His fourth wife, Lauren Bacall, was born in the Bronx and also worked for the studio.",
                "worthy",
                ("His", "Q16390"),
                [
                    (
                        "Humphrey Bogart was married to Lauren Bacall.",
                        S,
                        [("Q16390", "P26", "Q104000")],
                    ),
                    ("Lauren Bacall was born in the Bronx.", S, [("Q104000", "P19", "Q18426")]),
                    ("Lauren Bacall worked for Warner Bros.", S, [("Q104000", "P108", "Q126399")]),
                ],
            ),
            ("¶", None, None, []),
            (
                "He died of esophageal cancer in Los Angeles and is buried at Forest Lawn Memorial Park.",
                "worthy",
                ("He", "Q16390"),
                [
                    (
                        "Humphrey Bogart died of esophageal cancer.",
                        S,
                        [("Q16390", "P509", "Q372701")],
                    ),
                    ("Humphrey Bogart died in Los Angeles.", S, [("Q16390", "P20", "Q65")]),
                    (
                        "Humphrey Bogart is buried at Forest Lawn Memorial Park.",
                        S,
                        [("Q16390", "P119", "Q1437214")],
                    ),
                ],
            ),
            (
                "Many critics still regard him as the greatest male star of classic Hollywood.",
                "opinion",
                None,
                [],
            ),
        ],
    ),
    (
        "dev6-02",
        "review",
        [
            (
                "Billy Wilder's Sunset Boulevard, released in 1950, is set in Los Angeles.",
                "worthy",
                None,
                [
                    (
                        "Sunset Boulevard was directed by Billy Wilder.",
                        S,
                        [("Q193570", "P57", "Q51547")],
                    ),
                    ("Sunset Boulevard is set in Los Angeles.", S, [("Q193570", "P840", "Q65")]),
                ],
            ),
            (
                "The film stars William Holden as a broke screenwriter, and Buster Keaton turns up in a cameo.",
                "worthy",
                ("The film", "Q193570"),
                [
                    (
                        "William Holden stars in Sunset Boulevard.",
                        S,
                        [("Q193570", "P161", "Q95002")],
                    ),
                    (
                        "Buster Keaton stars in Sunset Boulevard.",
                        S,
                        [("Q193570", "P161", "Q103949")],
                    ),
                ],
            ),
            ("Is there a better opening narration in American cinema?", "question", None, []),
            (
                "Wilder, who studied at the University of Vienna, worked as a journalist before he ever wrote a "
                "screenplay.",
                "worthy",
                ("Wilder", "Q51547"),
                [
                    (
                        "Billy Wilder studied at the University of Vienna.",
                        S,
                        [("Q51547", "P69", "Q165980")],
                    ),
                    ("Billy Wilder was a journalist.", S, [("Q51547", "P106", "Q1930187")]),
                ],
            ),
            (
                "The director later made Some Like It Hot, which is set in Chicago and Miami.",
                "worthy",
                ("The director", "Q51547"),
                [
                    (
                        "Some Like It Hot was directed by Billy Wilder.",
                        S,
                        [("Q190086", "P57", "Q51547")],
                    ),
                    ("Some Like It Hot is set in Chicago.", S, [("Q190086", "P840", "Q1297")]),
                    ("Some Like It Hot is set in Miami.", S, [("Q190086", "P840", "Q8652")]),
                ],
            ),
            ("Four stars out of four.", "opinion", None, []),
        ],
    ),
    (
        "dev6-03",
        "listicle",
        [
            ("5 Things You Didn't Know About Mary Pickford", "heading", None, []),
            (
                "1. She was born in Toronto, not in California.",
                "worthy",
                ("She", "Q104109"),
                [
                    ("Mary Pickford was born in Toronto.", S, [("Q104109", "P19", "Q172")]),
                ],
            ),
            (
                "2. Pickford helped found United Artists with Charlie Chaplin.",
                "not_covered",
                None,
                [],
            ),
            (
                "3. Her second husband, Douglas Fairbanks, was born in Denver and taught at the University of "
                "Southern California.",
                "worthy",
                ("Her", "Q104109"),
                [
                    (
                        "Mary Pickford was married to Douglas Fairbanks.",
                        S,
                        [("Q104109", "P26", "Q104127")],
                    ),
                    ("Douglas Fairbanks was born in Denver.", S, [("Q104127", "P19", "Q16554")]),
                    (
                        "Douglas Fairbanks worked at the University of Southern California.",
                        S,
                        [("Q104127", "P108", "Q4614")],
                    ),
                ],
            ),
            (
                "4. The actress is buried next to him at Hollywood Forever Cemetery.",
                "worthy",
                ("The actress", "Q104109"),
                [
                    (
                        "Mary Pickford is buried at Hollywood Forever Cemetery.",
                        R,
                        [("Q104109", "P119", "Q1624932")],
                    ),
                    (
                        "Douglas Fairbanks is buried at Hollywood Forever Cemetery.",
                        S,
                        [("Q104127", "P119", "Q1624932")],
                    ),
                ],
            ),
            (
                "5. She died in Santa Monica in 1979 after a cerebral hemorrhage.",
                "worthy",
                ("She", "Q104109"),
                [
                    ("Mary Pickford died in Santa Monica.", S, [("Q104109", "P20", "Q47164")]),
                    (
                        "Mary Pickford died of a cerebral hemorrhage.",
                        S,
                        [("Q104109", "P509", "Q1368943")],
                    ),
                ],
            ),
            ("Which one surprised you?", "question", None, []),
        ],
    ),
    (
        "dev6-04",
        "forum",
        [
            ("Re: best garage rock band of the 2000s?", "heading", None, []),
            ("honestly the white stripes get my vote every single time", "opinion", None, []),
            (
                "people forget they were formed in nashville",
                "worthy",
                ("they", "Q268160"),
                [
                    (
                        "The White Stripes were formed in Nashville.",
                        R,
                        [("Q268160", "P740", "Q23197")],
                    ),
                ],
            ),
            (
                "no wait, detroit — jack was born there and only moved to nashville later",
                "worthy",
                ("jack", "Q272031"),
                [
                    (
                        "The White Stripes were formed in Detroit.",
                        S,
                        [("Q268160", "P740", "Q12439")],
                    ),
                    ("Jack White was born in Detroit.", S, [("Q272031", "P19", "Q12439")]),
                    ("Jack White lived in Nashville.", S, [("Q272031", "P551", "Q23197")]),
                ],
            ),
            (
                "he went to wayne state university for a bit too",
                "worthy",
                ("he", "Q272031"),
                [
                    (
                        "Jack White studied at Wayne State University.",
                        S,
                        [("Q272031", "P69", "Q349055")],
                    ),
                ],
            ),
            (
                "the band ended up on warner bros. records",
                "worthy",
                ("the band", "Q268160"),
                [
                    (
                        "The White Stripes recorded for Warner Bros. Records.",
                        S,
                        [("Q268160", "P264", "Q843402")],
                    ),
                ],
            ),
            ("anyone know if they'll ever reunite??", "question", None, []),
        ],
    ),
    (
        "dev6-05",
        "travel",
        [
            ("Three days in Melbourne", "heading", None, []),
            (
                "Melbourne, Australia's second-largest city, won me over in about an hour.",
                "worthy",
                None,
                [
                    ("Melbourne is in Australia.", S, [("Q3141", "P17", "Q408")]),
                ],
            ),
            (
                "The city has produced a ridiculous number of stars: Cate Blanchett, Kylie Minogue and Flea from the "
                "Red Hot Chili Peppers were all born here.",
                "worthy",
                ("The city", "Q3141"),
                [
                    ("Cate Blanchett was born in Melbourne.", S, [("Q80966", "P19", "Q3141")]),
                    ("Kylie Minogue was born in Melbourne.", S, [("Q11998", "P19", "Q3141")]),
                    ("Flea was born in Melbourne.", S, [("Q202859", "P19", "Q3141")]),
                ],
            ),
            (
                "Nick Cave and the Bad Seeds were formed here too, so of course I went record shopping.",
                "worthy",
                ("here", "Q3141"),
                [
                    (
                        "Nick Cave and the Bad Seeds were formed in Melbourne.",
                        S,
                        [("Q1051182", "P740", "Q3141")],
                    ),
                ],
            ),
            ("The flat whites are the best I've had anywhere.", "opinion", None, []),
            ("¶", None, None, []),
            (
                "Last year I did Stockholm, Norway, the hometown of ABBA's Benny Andersson.",
                "worthy",
                None,
                [
                    ("Stockholm is in Norway.", R, [("Q1754", "P17", "Q20")]),
                    ("Benny Andersson was born in Stockholm.", S, [("Q214582", "P19", "Q1754")]),
                ],
            ),
            ("Melbourne beats it easily, and I'll be back next summer.", "prediction", None, []),
        ],
    ),
    (
        "dev6-06",
        "news",
        [
            (
                "SEATTLE — A mural honoring Jimi Hendrix, who was born in Seattle, was unveiled on Saturday a few "
                "blocks from the Sub Pop offices.",
                "worthy",
                None,
                [
                    ("Jimi Hendrix was born in Seattle.", S, [("Q5928", "P19", "Q5083")]),
                    ("Sub Pop is headquartered in Seattle.", S, [("Q778673", "P159", "Q5083")]),
                ],
            ),
            ("“He belongs to this city,” said the painter, Marcus Hale.", "quote", None, []),
            (
                "The guitarist died in Kensington, London, in 1970.",
                "worthy",
                ("The guitarist", "Q5928"),
                [
                    ("Jimi Hendrix died in Kensington.", S, [("Q5928", "P20", "Q288781")]),
                ],
            ),
            (
                "A second mural, of Chris Cornell, will follow; the singer was born in Seattle and died in Detroit.",
                "worthy",
                ("the singer", "Q270935"),
                [
                    ("Chris Cornell was born in Seattle.", S, [("Q270935", "P19", "Q5083")]),
                    ("Chris Cornell died in Detroit.", S, [("Q270935", "P20", "Q12439")]),
                ],
            ),
            (
                "Kurt Cobain, who died in the city in 1994, recorded for Sub Pop before signing with Geffen Records.",
                "worthy",
                ("the city", "Q5083"),
                [
                    ("Kurt Cobain died in Seattle.", S, [("Q8446", "P20", "Q5083")]),
                    ("Kurt Cobain recorded for Sub Pop.", S, [("Q8446", "P264", "Q778673")]),
                    ("Kurt Cobain recorded for Geffen Records.", S, [("Q8446", "P264", "Q212699")]),
                ],
            ),
            (
                "His widow, Courtney Love, did not attend.",
                "worthy",
                ("His", "Q8446"),
                [
                    ("Kurt Cobain was married to Courtney Love.", S, [("Q8446", "P26", "Q222071")]),
                ],
            ),
            ("The unveiling drew about 300 people.", "not_covered", None, []),
        ],
    ),
    (
        "dev6-07",
        "press",
        [
            ("FOR IMMEDIATE RELEASE", "heading", None, []),
            (
                "Def Jam Recordings, the Los Angeles–based label founded by Rick Rubin, today announced a "
                "40th-anniversary box set.",
                "worthy",
                None,
                [
                    (
                        "Def Jam Recordings is headquartered in Los Angeles.",
                        R,
                        [("Q654283", "P159", "Q65")],
                    ),
                    (
                        "Def Jam Recordings was founded by Rick Rubin.",
                        S,
                        [("Q654283", "P112", "Q587361")],
                    ),
                ],
            ),
            (
                "Rubin, a Buddhist who studied at New York University, will write the liner notes.",
                "worthy",
                ("Rubin", "Q587361"),
                [
                    ("Rick Rubin is a Buddhist.", S, [("Q587361", "P140", "Q748")]),
                    (
                        "Rick Rubin studied at New York University.",
                        S,
                        [("Q587361", "P69", "Q49210")],
                    ),
                ],
            ),
            (
                "The producer also founded American Recordings, which is based in Burbank.",
                "worthy",
                ("The producer", "Q587361"),
                [
                    (
                        "American Recordings was founded by Rick Rubin.",
                        S,
                        [("Q466649", "P112", "Q587361")],
                    ),
                    (
                        "American Recordings is headquartered in Burbank.",
                        S,
                        [("Q466649", "P159", "Q39561")],
                    ),
                ],
            ),
            (
                "“This is a celebration of everyone who built the label,” a spokesperson said.",
                "quote",
                None,
                [],
            ),
            ("The set is expected to sell out within days.", "prediction", None, []),
        ],
    ),
    (
        "dev6-08",
        "interview",
        [
            ("Transcript: Yoko Ono on art and memory", "heading", None, []),
            ("Q: Where did it all begin for you?", "question", None, []),
            (
                "YOKO ONO: I was born in Tokyo, and I have lived in London and New York City since.",
                "worthy",
                ("I", "Q117012"),
                [
                    ("Yoko Ono was born in Tokyo.", S, [("Q117012", "P19", "Q1490")]),
                    ("Yoko Ono lived in London.", S, [("Q117012", "P551", "Q84")]),
                    ("Yoko Ono lived in New York City.", S, [("Q117012", "P551", "Q60")]),
                ],
            ),
            ("Q: Where did you study?", "question", None, []),
            (
                "YOKO ONO: I went to Sarah Lawrence College.",
                "worthy",
                ("I", "Q117012"),
                [
                    (
                        "Yoko Ono studied at Sarah Lawrence College.",
                        S,
                        [("Q117012", "P69", "Q1051840")],
                    ),
                ],
            ),
            (
                "YOKO ONO: My husband John was born in Liverpool and died in New York City.",
                "worthy",
                ("John", "Q1203"),
                [
                    ("Yoko Ono was married to John Lennon.", S, [("Q117012", "P26", "Q1203")]),
                    ("John Lennon was born in Liverpool.", N, [("Q1203", "P19", "Q24826")]),
                    ("John Lennon died in New York City.", S, [("Q1203", "P20", "Q60")]),
                ],
            ),
            (
                "YOKO ONO: Our son Sean was born in New York City, and he plays the guitar.",
                "worthy",
                ("Sean", "Q311238"),
                [
                    ("Sean Lennon is the child of Yoko Ono.", S, [("Q117012", "P40", "Q311238")]),
                    ("Sean Lennon was born in New York City.", S, [("Q311238", "P19", "Q60")]),
                    ("Sean Lennon plays the guitar.", S, [("Q311238", "P1303", "Q6607")]),
                ],
            ),
            ("YOKO ONO: I think art can still change the world.", "opinion", None, []),
        ],
    ),
    (
        "dev6-09",
        "essay",
        [
            ("My Hero: Albert Einstein", "heading", None, []),
            (
                "Albert Einstein was born in Ulm, Germany, in 1879.",
                "worthy",
                None,
                [
                    ("Albert Einstein was born in Ulm.", S, [("Q937", "P19", "Q3012")]),
                ],
            ),
            (
                "As a boy he lived in Munich.",
                "worthy",
                ("he", "Q937"),
                [
                    ("Albert Einstein lived in Munich.", S, [("Q937", "P551", "Q1726")]),
                ],
            ),
            (
                "He studied at ETH Zurich and later taught at Princeton University.",
                "worthy",
                ("He", "Q937"),
                [
                    ("Albert Einstein studied at ETH Zurich.", S, [("Q937", "P69", "Q11942")]),
                    (
                        "Albert Einstein worked at Princeton University.",
                        S,
                        [("Q937", "P108", "Q21578")],
                    ),
                ],
            ),
            (
                "Einstein was not only a physicist but also a philosopher.",
                "worthy",
                ("Einstein", "Q937"),
                [
                    ("Albert Einstein was a physicist.", S, [("Q937", "P106", "Q169470")]),
                    ("Albert Einstein was a philosopher.", S, [("Q937", "P106", "Q4964182")]),
                ],
            ),
            (
                "He died in Princeton in 1955.",
                "worthy",
                ("He", "Q937"),
                [
                    ("Albert Einstein died in Princeton.", S, [("Q937", "P20", "Q138518")]),
                ],
            ),
            ("I think he was the smartest person who ever lived.", "opinion", None, []),
            ("When I grow up I want to study science too.", "not_covered", None, []),
        ],
    ),
    (
        "dev6-10",
        "bio",
        [
            (
                "Ursula K. Le Guin (October 21, 1929 – January 22, 2018) was an American author and poet.",
                "worthy",
                None,
                [
                    ("Ursula K. Le Guin was an author.", S, [("Q181659", "P106", "Q482980")]),
                    ("Ursula K. Le Guin was a poet.", S, [("Q181659", "P106", "Q49757")]),
                ],
            ),
            (
                "Born in Berkeley, California, she studied at Radcliffe College and Columbia University.",
                "worthy",
                ("she", "Q181659"),
                [
                    ("Ursula K. Le Guin was born in Berkeley.", S, [("Q181659", "P19", "Q484678")]),
                    (
                        "Ursula K. Le Guin studied at Radcliffe College.",
                        S,
                        [("Q181659", "P69", "Q49124")],
                    ),
                    (
                        "Ursula K. Le Guin studied at Columbia University.",
                        S,
                        [("Q181659", "P69", "Q49088")],
                    ),
                ],
            ),
            (
                "Le Guin taught at the University of Oregon and lived for decades in Portland, where she died.",
                "worthy",
                ("Le Guin", "Q181659"),
                [
                    (
                        "Ursula K. Le Guin worked at the University of Oregon.",
                        S,
                        [("Q181659", "P108", "Q766145")],
                    ),
                    ("Ursula K. Le Guin lived in Portland.", S, [("Q181659", "P551", "Q6106")]),
                    ("Ursula K. Le Guin died in Portland.", S, [("Q181659", "P20", "Q6106")]),
                ],
            ),
            (
                "Her influences included J. R. R. Tolkien and Virginia Woolf.",
                "worthy",
                ("Her", "Q181659"),
                [
                    (
                        "Ursula K. Le Guin was influenced by J. R. R. Tolkien.",
                        S,
                        [("Q181659", "P737", "Q892")],
                    ),
                    (
                        "Ursula K. Le Guin was influenced by Virginia Woolf.",
                        S,
                        [("Q181659", "P737", "Q40909")],
                    ),
                ],
            ),
            (
                "She was a practising Buddhist.",
                "worthy",
                ("She", "Q181659"),
                [
                    ("Ursula K. Le Guin was a Buddhist.", R, [("Q181659", "P140", "Q748")]),
                ],
            ),
            ("She won the Hugo Award five times.", "not_covered", None, []),
        ],
    ),
    (
        "dev6-11",
        "news",
        [
            (
                "TOKYO — A 20th-anniversary screening of Lost in Translation, Sofia Coppola's film set in Tokyo, "
                "sold out in minutes.",
                "worthy",
                None,
                [
                    (
                        "Lost in Translation was directed by Sofia Coppola.",
                        S,
                        [("Q107270", "P57", "Q193628")],
                    ),
                    ("Lost in Translation is set in Tokyo.", S, [("Q107270", "P840", "Q1490")]),
                ],
            ),
            (
                "The film stars Bill Murray and Scarlett Johansson.",
                "worthy",
                ("The film", "Q107270"),
                [
                    (
                        "Bill Murray stars in Lost in Translation.",
                        S,
                        [("Q107270", "P161", "Q29250")],
                    ),
                    (
                        "Scarlett Johansson stars in Lost in Translation.",
                        S,
                        [("Q107270", "P161", "Q34436")],
                    ),
                ],
            ),
            (
                "Coppola, who was born in New York City, is the daughter of Francis Ford Coppola.",
                "worthy",
                ("Coppola", "Q193628"),
                [
                    ("Sofia Coppola was born in New York City.", S, [("Q193628", "P19", "Q60")]),
                    (
                        "Sofia Coppola is the child of Francis Ford Coppola.",
                        S,
                        [("Q56094", "P40", "Q193628")],
                    ),
                ],
            ),
            (
                "Her father was born in Detroit and studied at UCLA.",
                "worthy",
                ("Her", "Q193628"),
                [
                    ("Francis Ford Coppola was born in Detroit.", S, [("Q56094", "P19", "Q12439")]),
                    (
                        "Francis Ford Coppola studied at the University of California, Los Angeles.",
                        S,
                        [("Q56094", "P69", "Q174710")],
                    ),
                ],
            ),
            (
                "She was married to the director Spike Jonze.",
                "worthy",
                ("She", "Q193628"),
                [
                    (
                        "Sofia Coppola was married to Spike Jonze.",
                        S,
                        [("Q193628", "P26", "Q259913")],
                    ),
                ],
            ),
            ("“It still feels like a dream,” one fan said outside the cinema.", "quote", None, []),
        ],
    ),
    (
        "dev6-12",
        "obituary",
        [
            (
                "Carl Sagan, the astronomer and science writer, died on Friday in Seattle.",
                "worthy",
                None,
                [
                    ("Carl Sagan was an astronomer.", S, [("Q410", "P106", "Q11063")]),
                    ("Carl Sagan was a science writer.", S, [("Q410", "P106", "Q3745071")]),
                    ("Carl Sagan died in Seattle.", S, [("Q410", "P20", "Q5083")]),
                ],
            ),
            ("He was 62.", "not_covered", None, []),
            (
                "Born in Brooklyn, Dr. Sagan studied at the University of Chicago and taught for decades at Cornell "
                "University.",
                "worthy",
                ("Dr. Sagan", "Q410"),
                [
                    ("Carl Sagan was born in Brooklyn.", S, [("Q410", "P19", "Q18419")]),
                    (
                        "Carl Sagan studied at the University of Chicago.",
                        S,
                        [("Q410", "P69", "Q131252")],
                    ),
                    ("Carl Sagan worked at Cornell University.", S, [("Q410", "P108", "Q49115")]),
                ],
            ),
            (
                "The cause was pneumonia, his family said.",
                "worthy",
                ("his", "Q410"),
                [
                    ("Carl Sagan died of pneumonia.", S, [("Q410", "P509", "Q12192")]),
                ],
            ),
            (
                "An outspoken agnostic, he was a member of the American Philosophical Society.",
                "worthy",
                ("he", "Q410"),
                [
                    ("Carl Sagan was an agnostic.", S, [("Q410", "P140", "Q288928")]),
                    (
                        "Carl Sagan was a member of the American Philosophical Society.",
                        S,
                        [("Q410", "P463", "Q466089")],
                    ),
                ],
            ),
            ("“He made the universe feel close,” a former student said.", "quote", None, []),
        ],
    ),
    (
        "dev6-13",
        "forum",
        [
            ("Bee Gees facts thread (post yours)", "heading", None, []),
            (
                "ok so the bee gees were formed in manchester, not australia like everyone says",
                "worthy",
                None,
                [
                    ("The Bee Gees were formed in Manchester.", S, [("Q133405", "P740", "Q18125")]),
                ],
            ),
            (
                "barry and robin were brothers obviously",
                "worthy",
                ("barry", "Q296872"),
                [
                    (
                        "Barry Gibb is a sibling of Robin Gibb.",
                        S,
                        [("Q296872", "P3373", "Q188482")],
                    ),
                ],
            ),
            (
                "barry was born in manchester too",
                "worthy",
                ("barry", "Q296872"),
                [
                    ("Barry Gibb was born in Manchester.", N, [("Q296872", "P19", "Q18125")]),
                ],
            ),
            (
                "robin died in london in 2012 :(",
                "worthy",
                ("robin", "Q188482"),
                [
                    ("Robin Gibb died in London.", S, [("Q188482", "P20", "Q84")]),
                ],
            ),
            (
                "barry plays guitar and robin played piano",
                "worthy",
                ("barry", "Q296872"),
                [
                    ("Barry Gibb plays the guitar.", S, [("Q296872", "P1303", "Q6607")]),
                    ("Robin Gibb played the piano.", S, [("Q188482", "P1303", "Q5994")]),
                ],
            ),
            (
                "the band was on polydor records and mercury records at different points",
                "worthy",
                ("the band", "Q133405"),
                [
                    (
                        "The Bee Gees recorded for Polydor Records.",
                        S,
                        [("Q133405", "P264", "Q155152")],
                    ),
                    (
                        "The Bee Gees recorded for Mercury Records.",
                        S,
                        [("Q133405", "P264", "Q165745")],
                    ),
                ],
            ),
            ("best harmonies of all time, fight me", "opinion", None, []),
        ],
    ),
    (
        "dev6-14",
        "press",
        [
            ("PRESS RELEASE", "heading", None, []),
            (
                "LOS ANGELES — Virgin Records, the label founded by Richard Branson, will open a new studio at its "
                "Los Angeles headquarters this spring.",
                "worthy",
                None,
                [
                    (
                        "Virgin Records was founded by Richard Branson.",
                        S,
                        [("Q203059", "P112", "Q194419")],
                    ),
                    (
                        "Virgin Records is headquartered in Los Angeles.",
                        S,
                        [("Q203059", "P159", "Q65")],
                    ),
                ],
            ),
            (
                "Founded in the United Kingdom, the label is today a division of Sony Music Entertainment.",
                "worthy",
                ("the label", "Q203059"),
                [
                    ("Virgin Records is from the United Kingdom.", S, [("Q203059", "P17", "Q145")]),
                    (
                        "The parent organization of Virgin Records is Sony Music Entertainment.",
                        R,
                        [("Q203059", "P749", "Q330629")],
                    ),
                ],
            ),
            (
                "Branson, an entrepreneur and aircraft pilot, called the project “a homecoming.”",
                "worthy",
                ("Branson", "Q194419"),
                [
                    ("Richard Branson is an entrepreneur.", S, [("Q194419", "P106", "Q131524")]),
                    ("Richard Branson is an aircraft pilot.", S, [("Q194419", "P106", "Q2095549")]),
                ],
            ),
            ("The studio will be the largest on the West Coast.", "prediction", None, []),
            ("Media contact: press office, Virgin Records.", "not_covered", None, []),
        ],
    ),
    (
        "dev6-15",
        "interview",
        [
            ("PAUL SIMON: THE LONG CONVERSATION", "heading", None, []),
            ("INTERVIEWER: Where were you born?", "question", None, []),
            (
                "PAUL SIMON: In Newark, New Jersey, and then we moved to Queens.",
                "worthy",
                None,
                [
                    ("Paul Simon was born in Newark.", S, [("Q4028", "P19", "Q25395")]),
                ],
            ),
            ("INTERVIEWER: And you went to Queens College?", "question", None, []),
            (
                "PAUL SIMON: I did, and much later I taught a course at Princeton University.",
                "worthy",
                ("I", "Q4028"),
                [
                    ("Paul Simon studied at Queens College.", S, [("Q4028", "P69", "Q1760438")]),
                    (
                        "Paul Simon worked at Princeton University.",
                        S,
                        [("Q4028", "P108", "Q21578")],
                    ),
                ],
            ),
            (
                "PAUL SIMON: I was married to Carrie Fisher for a couple of years.",
                "worthy",
                ("I", "Q4028"),
                [
                    ("Paul Simon was married to Carrie Fisher.", S, [("Q4028", "P26", "Q108941")]),
                ],
            ),
            (
                "PAUL SIMON: She was born in Burbank, and she's buried at Forest Lawn.",
                "worthy",
                ("She", "Q108941"),
                [
                    ("Carrie Fisher was born in Burbank.", S, [("Q108941", "P19", "Q39561")]),
                    (
                        "Carrie Fisher is buried at Forest Lawn Memorial Park.",
                        S,
                        [("Q108941", "P119", "Q1437214")],
                    ),
                ],
            ),
            (
                "PAUL SIMON: I'm not sure anyone writes songs like that anymore.",
                "opinion",
                None,
                [],
            ),
        ],
    ),
    (
        "dev6-16",
        "bio",
        [
            (
                "Douglas Adams (11 March 1952 – 11 May 2001) was an English writer, playwright and comedian.",
                "worthy",
                None,
                [
                    ("Douglas Adams was a playwright.", S, [("Q42", "P106", "Q214917")]),
                    ("Douglas Adams was a comedian.", S, [("Q42", "P106", "Q245068")]),
                ],
            ),
            (
                "Adams was born in Cambridge and educated at St John's College.",
                "worthy",
                ("Adams", "Q42"),
                [
                    ("Douglas Adams was born in Cambridge.", S, [("Q42", "P19", "Q350")]),
                    ("Douglas Adams studied at St John's College.", S, [("Q42", "P69", "Q691283")]),
                ],
            ),
            (
                "He worked for the BBC and lived in London and, later, Santa Barbara.",
                "worthy",
                ("He", "Q42"),
                [
                    ("Douglas Adams worked for the BBC.", S, [("Q42", "P108", "Q9531")]),
                    ("Douglas Adams lived in London.", S, [("Q42", "P551", "Q84")]),
                    ("Douglas Adams lived in Santa Barbara.", S, [("Q42", "P551", "Q159288")]),
                ],
            ),
            (
                "He died of a heart attack in Santa Barbara at the age of 49.",
                "worthy",
                ("He", "Q42"),
                [
                    ("Douglas Adams died of a heart attack.", S, [("Q42", "P509", "Q12152")]),
                    ("Douglas Adams died in Santa Barbara.", S, [("Q42", "P20", "Q159288")]),
                ],
            ),
            (
                "His Hitchhiker's Guide series has sold more than 15 million copies.",
                "not_covered",
                None,
                [],
            ),
        ],
    ),
    (
        "dev6-17",
        "news",
        [
            (
                "HOUSTON — The city's aviation museum will honor Howard Hughes, who was born in Houston and died "
                "there in 1976.",
                "worthy",
                None,
                [
                    ("Howard Hughes was born in Houston.", S, [("Q189081", "P19", "Q16555")]),
                    ("Howard Hughes died in Houston.", S, [("Q189081", "P20", "Q16555")]),
                ],
            ),
            (
                "Hughes studied at the California Institute of Technology before turning to film.",
                "worthy",
                ("Hughes", "Q189081"),
                [
                    (
                        "Howard Hughes studied at the California Institute of Technology.",
                        S,
                        [("Q189081", "P69", "Q161562")],
                    ),
                ],
            ),
            (
                "The aviator and film producer dated Katharine Hepburn and Ava Gardner.",
                "worthy",
                ("The aviator", "Q189081"),
                [
                    ("Howard Hughes was an aircraft pilot.", S, [("Q189081", "P106", "Q2095549")]),
                    ("Howard Hughes was a film producer.", S, [("Q189081", "P106", "Q3282637")]),
                    (
                        "Howard Hughes was a partner of Katharine Hepburn.",
                        S,
                        [("Q189081", "P451", "Q56016")],
                    ),
                    (
                        "Howard Hughes was a partner of Ava Gardner.",
                        S,
                        [("Q189081", "P451", "Q164487")],
                    ),
                ],
            ),
            (
                "“He was a genius and a recluse,” said the museum's director, Ann Patel.",
                "quote",
                None,
                [],
            ),
            (
                "A lifelong Democrat, he rarely spoke about politics.",
                "worthy",
                ("he", "Q189081"),
                [
                    (
                        "Howard Hughes was a member of the Democratic Party.",
                        R,
                        [("Q189081", "P102", "Q29552")],
                    ),
                ],
            ),
            ("The exhibit opens in March.", "not_covered", None, []),
        ],
    ),
    (
        "dev6-18",
        "review",
        [
            (
                "Darren Aronofsky's Black Swan is a nightmare in pointe shoes.",
                "worthy",
                None,
                [
                    (
                        "Black Swan was directed by Darren Aronofsky.",
                        S,
                        [("Q180214", "P57", "Q192762")],
                    ),
                ],
            ),
            (
                "Set in New York City, the film follows a ballerina played by Natalie Portman, with Mila Kunis as "
                "her rival.",
                "worthy",
                ("the film", "Q180214"),
                [
                    ("Black Swan is set in New York City.", S, [("Q180214", "P840", "Q60")]),
                    ("Natalie Portman stars in Black Swan.", S, [("Q180214", "P161", "Q37876")]),
                    ("Mila Kunis stars in Black Swan.", S, [("Q180214", "P161", "Q37628")]),
                ],
            ),
            (
                "Portman, who was born in Jerusalem and studied at Harvard University, has never been better.",
                "worthy",
                ("Portman", "Q37876"),
                [
                    ("Natalie Portman was born in Jerusalem.", S, [("Q37876", "P19", "Q1218")]),
                    (
                        "Natalie Portman studied at Harvard University.",
                        S,
                        [("Q37876", "P69", "Q13371")],
                    ),
                ],
            ),
            (
                "Aronofsky, a Brooklyn native who also directed Fight Club, pushes every scene to the edge.",
                "worthy",
                ("Aronofsky", "Q192762"),
                [
                    ("Darren Aronofsky was born in Brooklyn.", S, [("Q192762", "P19", "Q18419")]),
                    (
                        "Fight Club was directed by Darren Aronofsky.",
                        R,
                        [("Q190050", "P57", "Q192762")],
                    ),
                ],
            ),
            ("Some viewers will find it too much.", "prediction", None, []),
            ("Four and a half stars.", "opinion", None, []),
        ],
    ),
    (
        "dev6-19",
        "obituary",
        [
            (
                "Robin Williams, the comedian and actor, has died at 63.",
                "worthy",
                None,
                [
                    ("Robin Williams was a comedian.", S, [("Q83338", "P106", "Q245068")]),
                    ("Robin Williams was an actor.", S, [("Q83338", "P106", "Q33999")]),
                ],
            ),
            (
                "Born in Chicago, Williams trained at the Juilliard School in New York.",
                "worthy",
                ("Williams", "Q83338"),
                [
                    ("Robin Williams was born in Chicago.", S, [("Q83338", "P19", "Q1297")]),
                    (
                        "Robin Williams studied at the Juilliard School.",
                        S,
                        [("Q83338", "P69", "Q503246")],
                    ),
                ],
            ),
            (
                "He lived for many years in San Francisco.",
                "worthy",
                ("He", "Q83338"),
                [
                    ("Robin Williams lived in San Francisco.", S, [("Q83338", "P551", "Q62")]),
                ],
            ),
            (
                "The actor won an Oscar for Good Will Hunting, which Gus Van Sant directed.",
                "worthy",
                ("The actor", "Q83338"),
                [
                    (
                        "Robin Williams stars in Good Will Hunting.",
                        S,
                        [("Q193835", "P161", "Q83338")],
                    ),
                    (
                        "Good Will Hunting was directed by Gus Van Sant.",
                        S,
                        [("Q193835", "P57", "Q25186")],
                    ),
                ],
            ),
            (
                "He often said he was influenced by Jonathan Winters and Richard Pryor.",
                "worthy",
                ("He", "Q83338"),
                [
                    (
                        "Robin Williams was influenced by Jonathan Winters.",
                        S,
                        [("Q83338", "P737", "Q4538")],
                    ),
                    (
                        "Robin Williams was influenced by Richard Pryor.",
                        S,
                        [("Q83338", "P737", "Q294912")],
                    ),
                ],
            ),
            ("“He was one of a kind,” his publicist said.", "quote", None, []),
        ],
    ),
    (
        "dev6-20",
        "listicle",
        [
            ("6 Things You Didn't Know About George Harrison", "heading", None, []),
            (
                "1. He was born in Liverpool, like Paul McCartney and Ringo Starr.",
                "worthy",
                ("He", "Q2643"),
                [
                    ("George Harrison was born in Liverpool.", S, [("Q2643", "P19", "Q24826")]),
                    ("Paul McCartney was born in Liverpool.", S, [("Q2599", "P19", "Q24826")]),
                    ("Ringo Starr was born in Liverpool.", S, [("Q2632", "P19", "Q24826")]),
                ],
            ),
            (
                "2. The guitarist was influenced by Ravi Shankar.",
                "worthy",
                ("The guitarist", "Q2643"),
                [
                    (
                        "George Harrison was influenced by Ravi Shankar.",
                        S,
                        [("Q2643", "P737", "Q103774")],
                    ),
                ],
            ),
            (
                "3. Harrison also played the ukulele and the violin.",
                "worthy",
                ("Harrison", "Q2643"),
                [
                    ("George Harrison played the ukulele.", S, [("Q2643", "P1303", "Q61285")]),
                    ("George Harrison played the violin.", S, [("Q2643", "P1303", "Q8355")]),
                ],
            ),
            (
                "4. He died of lung cancer in London in 2001.",
                "worthy",
                ("He", "Q2643"),
                [
                    ("George Harrison died of lung cancer.", S, [("Q2643", "P509", "Q47912")]),
                    ("George Harrison died in London.", R, [("Q2643", "P20", "Q84")]),
                ],
            ),
            (
                "5. George was a devout Hindu.",
                "worthy",
                ("George", "Q2643"),
                [
                    ("George Harrison was a Hindu.", N, [("Q2643", "P140", "Q9089")]),
                ],
            ),
            (
                "6. He recorded for Parlophone, EMI and Capitol Records.",
                "worthy",
                ("He", "Q2643"),
                [
                    ("George Harrison recorded for Parlophone.", S, [("Q2643", "P264", "Q208909")]),
                    ("George Harrison recorded for EMI.", S, [("Q2643", "P264", "Q183412")]),
                    (
                        "George Harrison recorded for Capitol Records.",
                        S,
                        [("Q2643", "P264", "Q193023")],
                    ),
                ],
            ),
            ("Who's your favourite Beatle?", "question", None, []),
        ],
    ),
    (
        "dev6-21",
        "news",
        [
            (
                "DUBLIN — Fans gathered on Sunday at the statue of Phil Lynott, whose band Thin Lizzy was formed in "
                "Dublin in 1969.",
                "worthy",
                None,
                [
                    ("Thin Lizzy was formed in Dublin.", S, [("Q202314", "P740", "Q1761")]),
                ],
            ),
            (
                "The Irish band recorded for Decca Records and Mercury Records.",
                "worthy",
                ("The Irish band", "Q202314"),
                [
                    ("Thin Lizzy is from Ireland.", S, [("Q202314", "P495", "Q27")]),
                    ("Thin Lizzy recorded for Decca Records.", S, [("Q202314", "P264", "Q557632")]),
                    (
                        "Thin Lizzy recorded for Mercury Records.",
                        S,
                        [("Q202314", "P264", "Q165745")],
                    ),
                ],
            ),
            ("“Phil would have loved this,” said the organiser, Mary Byrne.", "quote", None, []),
            ("Lynott died in 1986 at the age of 36.", "not_covered", None, []),
            ("A new documentary about the band is due next year.", "prediction", None, []),
        ],
    ),
    (
        "dev6-22",
        "bio",
        [
            (
                "Katharine Hepburn (May 12, 1907 – June 29, 2003) was an American actress born in Hartford, "
                "Connecticut.",
                "worthy",
                None,
                [
                    ("Katharine Hepburn was an actor.", S, [("Q56016", "P106", "Q33999")]),
                    ("Katharine Hepburn was born in Hartford.", S, [("Q56016", "P19", "Q33486")]),
                ],
            ),
            (
                "She attended Bryn Mawr College and was an atheist.",
                "worthy",
                ("She", "Q56016"),
                [
                    (
                        "Katharine Hepburn studied at Bryn Mawr College.",
                        S,
                        [("Q56016", "P69", "Q995265")],
                    ),
                    ("Katharine Hepburn was an atheist.", S, [("Q56016", "P140", "Q7066")]),
                ],
            ),
            (
                "Her longtime partner, Spencer Tracy, was born in Milwaukee.",
                "worthy",
                ("Her", "Q56016"),
                [
                    (
                        "Katharine Hepburn was a partner of Spencer Tracy.",
                        S,
                        [("Q56016", "P451", "Q71275")],
                    ),
                    ("Spencer Tracy was born in Milwaukee.", S, [("Q71275", "P19", "Q37836")]),
                ],
            ),
            ("Many fans believe the two were secretly married.", "speculation", None, []),
            ("The couple made nine films together.", "not_covered", None, []),
            ("¶", None, None, []),
            (
                "Tracy died of a heart attack in Los Angeles in 1967, and Hepburn died of esophageal cancer in 2003.",
                "worthy",
                ("Tracy", "Q71275"),
                [
                    ("Spencer Tracy died of a heart attack.", S, [("Q71275", "P509", "Q12152")]),
                    ("Spencer Tracy died in Los Angeles.", S, [("Q71275", "P20", "Q65")]),
                    (
                        "Katharine Hepburn died of esophageal cancer.",
                        S,
                        [("Q56016", "P509", "Q372701")],
                    ),
                ],
            ),
            (
                "He is buried at Forest Lawn Memorial Park.",
                "worthy",
                ("He", "Q71275"),
                [
                    (
                        "Spencer Tracy is buried at Forest Lawn Memorial Park.",
                        S,
                        [("Q71275", "P119", "Q1437214")],
                    ),
                ],
            ),
            (
                "She starred with Humphrey Bogart in The African Queen, which John Huston directed.",
                "worthy",
                ("She", "Q56016"),
                [
                    (
                        "Katharine Hepburn stars in The African Queen.",
                        S,
                        [("Q384397", "P161", "Q56016")],
                    ),
                    (
                        "Humphrey Bogart stars in The African Queen.",
                        S,
                        [("Q384397", "P161", "Q16390")],
                    ),
                    (
                        "The African Queen was directed by John Huston.",
                        S,
                        [("Q384397", "P57", "Q51575")],
                    ),
                ],
            ),
        ],
    ),
    (
        "dev6-23",
        "obituary",
        [
            (
                "Robbie Robertson, the guitarist of the Band, has died at 80.",
                "worthy",
                None,
                [
                    ("Robbie Robertson was a guitarist.", S, [("Q117249", "P106", "Q855091")]),
                    (
                        "Robbie Robertson was a member of The Band.",
                        N,
                        [("Q117249", "P463", "Q600344")],
                    ),
                ],
            ),
            (
                "Born in Toronto, he lived there until he left for the United States as a teenager.",
                "worthy",
                ("he", "Q117249"),
                [
                    ("Robbie Robertson was born in Toronto.", S, [("Q117249", "P19", "Q172")]),
                    ("Robbie Robertson lived in Toronto.", S, [("Q117249", "P551", "Q172")]),
                ],
            ),
            (
                "The Band was formed in Toronto and recorded for Capitol Records.",
                "worthy",
                None,
                [
                    ("The Band was formed in Toronto.", S, [("Q600344", "P740", "Q172")]),
                    ("The Band recorded for Capitol Records.", S, [("Q600344", "P264", "Q193023")]),
                ],
            ),
            (
                "His bandmate Levon Helm, a drummer who also played the mandolin, died in New York City in 2012.",
                "worthy",
                ("Levon Helm", "Q356986"),
                [
                    ("Levon Helm was a drummer.", S, [("Q356986", "P106", "Q386854")]),
                    ("Levon Helm played the mandolin.", S, [("Q356986", "P1303", "Q302497")]),
                    ("Levon Helm died in New York City.", S, [("Q356986", "P20", "Q60")]),
                ],
            ),
            (
                "He had been ill with cancer for years.",
                "worthy",
                ("He", "Q356986"),
                [
                    ("Levon Helm died of cancer.", S, [("Q356986", "P509", "Q12078")]),
                ],
            ),
            ("Robertson's songs will outlive all of us.", "prediction", None, []),
        ],
    ),
    (
        "dev6-24",
        "qa",
        [
            ("F. Scott Fitzgerald: frequently asked questions", "heading", None, []),
            ("Where was Fitzgerald born?", "question", None, []),
            (
                "He was born in Saint Paul, Minnesota, in 1896.",
                "worthy",
                ("He", "Q93354"),
                [
                    (
                        "F. Scott Fitzgerald was born in Saint Paul.",
                        S,
                        [("Q93354", "P19", "Q28848")],
                    ),
                ],
            ),
            ("Did he go to college?", "question", None, []),
            (
                "Yes, he attended Princeton University but never graduated.",
                "worthy",
                ("he", "Q93354"),
                [
                    (
                        "F. Scott Fitzgerald studied at Princeton University.",
                        S,
                        [("Q93354", "P69", "Q21578")],
                    ),
                ],
            ),
            ("Where did he die?", "question", None, []),
            (
                "He died of a heart attack in Hollywood in 1940, aged 44.",
                "worthy",
                ("He", "Q93354"),
                [
                    (
                        "F. Scott Fitzgerald died of a heart attack.",
                        S,
                        [("Q93354", "P509", "Q12152")],
                    ),
                    ("F. Scott Fitzgerald died in Hollywood.", S, [("Q93354", "P20", "Q34006")]),
                ],
            ),
            ("Was he religious?", "question", None, []),
            (
                "Fitzgerald was raised in the Catholic Church.",
                "worthy",
                ("Fitzgerald", "Q93354"),
                [
                    (
                        "F. Scott Fitzgerald was a member of the Catholic Church.",
                        S,
                        [("Q93354", "P140", "Q9592")],
                    ),
                ],
            ),
        ],
    ),
    (
        "dev6-25",
        "review",
        [
            (
                "The Pianist, directed by Roman Polanski, is set in Poland during the Second World War.",
                "worthy",
                None,
                [
                    (
                        "The Pianist was directed by Roman Polanski.",
                        S,
                        [("Q150804", "P57", "Q51552")],
                    ),
                    ("The Pianist is set in Poland.", S, [("Q150804", "P840", "Q36")]),
                ],
            ),
            (
                "It stars Adrien Brody as the pianist Władysław Szpilman.",
                "worthy",
                ("It", "Q150804"),
                [
                    ("Adrien Brody stars in The Pianist.", S, [("Q150804", "P161", "Q104514")]),
                ],
            ),
            (
                "Polanski, who was born in Warsaw, knew this world first-hand.",
                "worthy",
                ("Polanski", "Q51552"),
                [
                    ("Roman Polanski was born in Warsaw.", R, [("Q51552", "P19", "Q270")]),
                ],
            ),
            (
                "The director holds both French and Polish citizenship.",
                "worthy",
                ("The director", "Q51552"),
                [
                    ("Roman Polanski is a citizen of France.", S, [("Q51552", "P27", "Q142")]),
                    ("Roman Polanski is a citizen of Poland.", S, [("Q51552", "P27", "Q36")]),
                ],
            ),
            ("The film deserves every prize it won.", "opinion", None, []),
        ],
    ),
    (
        "dev6-26",
        "news",
        [
            (
                "Warren Beatty and his wife, Annette Bening, attended the gala on Saturday.",
                "worthy",
                None,
                [
                    (
                        "Warren Beatty was married to Annette Bening.",
                        S,
                        [("Q95030", "P26", "Q190602")],
                    ),
                ],
            ),
            (
                "The actor, who was born in Richmond, Virginia, is the younger brother of Shirley MacLaine.",
                "worthy",
                ("The actor", "Q95030"),
                [
                    ("Warren Beatty was born in Richmond.", S, [("Q95030", "P19", "Q43421")]),
                    (
                        "Warren Beatty is a sibling of Shirley MacLaine.",
                        S,
                        [("Q95030", "P3373", "Q95026")],
                    ),
                ],
            ),
            (
                "MacLaine was also born in Richmond.",
                "worthy",
                ("MacLaine", "Q95026"),
                [
                    ("Shirley MacLaine was born in Richmond.", S, [("Q95026", "P19", "Q43421")]),
                ],
            ),
            (
                "Bening studied at San Francisco State University.",
                "worthy",
                ("Bening", "Q190602"),
                [
                    (
                        "Annette Bening studied at San Francisco State University.",
                        S,
                        [("Q190602", "P69", "Q1256981")],
                    ),
                ],
            ),
            (
                "Beatty, who was briefly married to Madonna, directed and starred in Bonnie and Clyde.",
                "worthy",
                ("Beatty", "Q95030"),
                [
                    ("Warren Beatty was married to Madonna.", R, [("Q95030", "P26", "Q1744")]),
                    (
                        "Bonnie and Clyde was directed by Warren Beatty.",
                        N,
                        [("Q181776", "P57", "Q95030")],
                    ),
                    (
                        "Warren Beatty stars in Bonnie and Clyde.",
                        S,
                        [("Q181776", "P161", "Q95030")],
                    ),
                ],
            ),
            ("“They are Hollywood royalty,” said one guest.", "quote", None, []),
        ],
    ),
    (
        "dev6-27",
        "bio",
        [
            (
                "Richard Attenborough (29 August 1923 – 24 August 2014) was an English actor, film director and "
                "politician.",
                "worthy",
                None,
                [
                    ("Richard Attenborough was an actor.", S, [("Q51506", "P106", "Q33999")]),
                    (
                        "Richard Attenborough was a film director.",
                        S,
                        [("Q51506", "P106", "Q2526255")],
                    ),
                    ("Richard Attenborough was a politician.", S, [("Q51506", "P106", "Q82955")]),
                ],
            ),
            (
                "Born in Cambridge, he trained at the Royal Academy of Dramatic Art.",
                "worthy",
                ("he", "Q51506"),
                [
                    ("Richard Attenborough was born in Cambridge.", S, [("Q51506", "P19", "Q350")]),
                    (
                        "Richard Attenborough studied at the Royal Academy of Dramatic Art.",
                        S,
                        [("Q51506", "P69", "Q523926")],
                    ),
                ],
            ),
            (
                "His younger brother is the broadcaster David Attenborough.",
                "worthy",
                ("His", "Q51506"),
                [
                    (
                        "Richard Attenborough is a sibling of David Attenborough.",
                        S,
                        [("Q51506", "P3373", "Q183337")],
                    ),
                ],
            ),
            (
                "Attenborough directed Gandhi, which is set in India and South Africa.",
                "worthy",
                ("Attenborough", "Q51506"),
                [
                    (
                        "Gandhi was directed by Richard Attenborough.",
                        S,
                        [("Q202211", "P57", "Q51506")],
                    ),
                    ("Gandhi is set in India.", S, [("Q202211", "P840", "Q668")]),
                    ("Gandhi is set in South Africa.", S, [("Q202211", "P840", "Q258")]),
                ],
            ),
            (
                "A member of the Conservative Party, he sat in the House of Lords from 1993.",
                "worthy",
                ("he", "Q51506"),
                [
                    (
                        "Richard Attenborough was a member of the Conservative Party.",
                        R,
                        [("Q51506", "P102", "Q9626")],
                    ),
                ],
            ),
            (
                "He died of heart failure in Greater London.",
                "worthy",
                ("He", "Q51506"),
                [
                    (
                        "Richard Attenborough died of heart failure.",
                        S,
                        [("Q51506", "P509", "Q181754")],
                    ),
                    (
                        "Richard Attenborough died in Greater London.",
                        S,
                        [("Q51506", "P20", "Q23306")],
                    ),
                ],
            ),
        ],
    ),
    (
        "dev6-28",
        "news",
        [
            (
                "DETROIT — Diana Ross, who was born in Detroit, returned on Friday to perform on the city's "
                "riverfront.",
                "worthy",
                None,
                [
                    ("Diana Ross was born in Detroit.", S, [("Q36290", "P19", "Q12439")]),
                ],
            ),
            (
                "The singer recorded for Motown Records for two decades.",
                "worthy",
                ("The singer", "Q36290"),
                [
                    ("Diana Ross recorded for Motown Records.", S, [("Q36290", "P264", "Q43327")]),
                ],
            ),
            (
                "Motown is now part of Universal Music Group.",
                "worthy",
                ("Motown", "Q43327"),
                [
                    (
                        "The parent organization of Motown Records is Universal Music Group.",
                        S,
                        [("Q43327", "P749", "Q38903")],
                    ),
                ],
            ),
            (
                "The city, one of the largest in the United States, is also the hometown of Alice Cooper and Lily "
                "Tomlin.",
                "worthy",
                ("The city", "Q12439"),
                [
                    ("Detroit is in the United States of America.", S, [("Q12439", "P17", "Q30")]),
                    ("Alice Cooper was born in Detroit.", S, [("Q332032", "P19", "Q12439")]),
                    ("Lily Tomlin was born in Detroit.", S, [("Q229271", "P19", "Q12439")]),
                ],
            ),
            ("“Detroit made me,” Ross told the crowd.", "quote", None, []),
            ("Tickets sold out in under an hour.", "not_covered", None, []),
        ],
    ),
    (
        "dev6-29",
        "bio",
        [
            (
                "Kurt Vonnegut (November 11, 1922 – April 11, 2007) was an American writer and journalist.",
                "worthy",
                None,
                [
                    ("Kurt Vonnegut was a writer.", S, [("Q49074", "P106", "Q36180")]),
                    ("Kurt Vonnegut was a journalist.", S, [("Q49074", "P106", "Q1930187")]),
                ],
            ),
            (
                "Born in Indianapolis, he studied at Cornell University and the University of Chicago.",
                "worthy",
                ("he", "Q49074"),
                [
                    ("Kurt Vonnegut was born in Indianapolis.", S, [("Q49074", "P19", "Q6346")]),
                    (
                        "Kurt Vonnegut studied at Cornell University.",
                        S,
                        [("Q49074", "P69", "Q49115")],
                    ),
                    (
                        "Kurt Vonnegut studied at the University of Chicago.",
                        S,
                        [("Q49074", "P69", "Q131252")],
                    ),
                ],
            ),
            (
                "Vonnegut later taught at the University of Iowa.",
                "worthy",
                ("Vonnegut", "Q49074"),
                [
                    (
                        "Kurt Vonnegut worked at the University of Iowa.",
                        S,
                        [("Q49074", "P108", "Q182973")],
                    ),
                ],
            ),
            (
                "The novelist was a member of the American Academy of Arts and Letters.",
                "worthy",
                ("The novelist", "Q49074"),
                [
                    (
                        "Kurt Vonnegut was a member of the American Academy of Arts and Letters.",
                        S,
                        [("Q49074", "P463", "Q463281")],
                    ),
                ],
            ),
            (
                "He died in New York City in 2007.",
                "worthy",
                ("He", "Q49074"),
                [
                    ("Kurt Vonnegut died in New York City.", S, [("Q49074", "P20", "Q60")]),
                ],
            ),
            ("Slaughterhouse-Five is his best book.", "opinion", None, []),
        ],
    ),
    (
        "dev6-30",
        "news",
        [
            (
                "NEWARK — The public library will open a reading room dedicated to Philip Roth, who was born in the "
                "city.",
                "worthy",
                None,
                [
                    ("Philip Roth was born in Newark.", S, [("Q187019", "P19", "Q25395")]),
                ],
            ),
            (
                "Roth, who died in Manhattan in 2018, is buried at Bard College.",
                "worthy",
                ("Roth", "Q187019"),
                [
                    ("Philip Roth died in Manhattan.", S, [("Q187019", "P20", "Q11299")]),
                    ("Philip Roth is buried at Bard College.", S, [("Q187019", "P119", "Q49109")]),
                ],
            ),
            (
                "The novelist studied at Rutgers University and the University of Chicago, and taught at Princeton "
                "University and the University of Pennsylvania.",
                "worthy",
                ("The novelist", "Q187019"),
                [
                    (
                        "Philip Roth studied at Rutgers University.",
                        S,
                        [("Q187019", "P69", "Q499451")],
                    ),
                    (
                        "Philip Roth studied at the University of Chicago.",
                        S,
                        [("Q187019", "P69", "Q131252")],
                    ),
                    (
                        "Philip Roth worked at Princeton University.",
                        S,
                        [("Q187019", "P108", "Q21578")],
                    ),
                    (
                        "Philip Roth worked at the University of Pennsylvania.",
                        S,
                        [("Q187019", "P108", "Q49117")],
                    ),
                ],
            ),
            (
                "His former wife, the actress Claire Bloom, was born in London.",
                "worthy",
                ("His", "Q187019"),
                [
                    (
                        "Philip Roth was married to Claire Bloom.",
                        S,
                        [("Q187019", "P26", "Q235622")],
                    ),
                    ("Claire Bloom was born in London.", N, [("Q235622", "P19", "Q84")]),
                ],
            ),
            ("“He never really left Newark,” said the library's director.", "quote", None, []),
        ],
    ),
]

if __name__ == "__main__":
    write(DOCS, Path(__file__).resolve().parent / "documents_dev6.jsonl")
