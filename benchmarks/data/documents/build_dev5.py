"""Writes documents_dev5.jsonl: a fifth development set for the document reader, written fresh.

Written before looking at why sentences are passed over, over demo-KG people not used in the
first four sets. Styles: obituaries ("has died at 71", "is survived by his wife, ..."), news
ledes with datelines, press releases, interview transcripts with speaker names ("I", "my"),
numbered social threads in lower case, listicles ("1. He played ..."), Q&A pages (a question
line, then an answer that leans on it), films ("The film is set in ...", "It stars ..."),
bands ("The band has recorded for ..."), families ("Her daughter, ...", "Her father ...",
"His brother Robert ..."), two people with "he" and "she" switching, surnames and
descriptions ("the actress", "the animator", "the former president", "the senator").

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
    ("dev5-01", "obituary", [
        ("Lou Reed, the singer and guitarist, has died at 71.", "worthy", None, [
            ("Lou Reed was a singer.", S, [("Q189080", "P106", "Q177220")]),
            ("Lou Reed was a guitarist.", S, [("Q189080", "P106", "Q855091")]),
        ]),
        ("Born in Brooklyn, Reed studied at Syracuse University before forming a band.", "worthy",
         ("Reed", "Q189080"), [
            ("Lou Reed was born in Brooklyn.", S, [("Q189080", "P19", "Q18419")]),
            ("Lou Reed studied at Syracuse University.", S, [("Q189080", "P69", "Q617433")]),
        ]),
        ("He is survived by his wife, Laurie Anderson, a composer and violinist.", "worthy",
         ("He", "Q189080"), [
            ("Lou Reed was married to Laurie Anderson.", S, [("Q189080", "P26", "Q235066")]),
            ("Laurie Anderson is a violinist.", S, [("Q235066", "P106", "Q1259917")]),
        ]),
        ("He died of liver cirrhosis.", "worthy", ("He", "Q189080"), [
            ("Lou Reed died of liver cirrhosis.", S, [("Q189080", "P509", "Q147778")]),
        ]),
        ("“He was a prince and a fighter,” Anderson wrote.", "quote", None, []),
        ("His music will be remembered for generations.", "prediction", None, []),
    ]),
    ("dev5-02", "news", [
        ("LOS ANGELES — Elizabeth Taylor, who died in Los Angeles in 2011, was buried at Forest Lawn "
         "Memorial Park.", "worthy", None, [
            ("Elizabeth Taylor died in Los Angeles.", S, [("Q34851", "P20", "Q65")]),
            ("Elizabeth Taylor is buried at Forest Lawn Memorial Park.", S, [("Q34851", "P119", "Q1437214")]),
        ]),
        ("The actress married Richard Burton twice.", "worthy", ("The actress", "Q34851"), [
            ("Elizabeth Taylor was married to Richard Burton.", S, [("Q34851", "P26", "Q151973")]),
        ]),
        ("Burton, a Welsh stage actor, died in Geneva in 1984.", "worthy", ("Burton", "Q151973"), [
            ("Richard Burton was a stage actor.", S, [("Q151973", "P106", "Q2259451")]),
            ("Richard Burton died in Geneva.", S, [("Q151973", "P20", "Q71")]),
        ]),
        ("The couple were among the most photographed people of their era.", "not_covered", None, []),
        ("Her husband was an atheist.", "worthy", ("Her", "Q34851"), [
            ("Richard Burton was an atheist.", S, [("Q151973", "P140", "Q7066")]),
        ]),
    ]),
    ("dev5-03", "interview", [
        ("Transcript: Neil Young in conversation", "heading", None, []),
        ("HOST: You grew up in Canada, right?", "question", None, []),
        ("NEIL YOUNG: Yes, I was born in Toronto and later lived in Winnipeg.", "worthy", ("I", "Q633"), [
            ("Neil Young was born in Toronto.", S, [("Q633", "P19", "Q172")]),
            ("Neil Young lived in Winnipeg.", S, [("Q633", "P551", "Q2135")]),
        ]),
        ("HOST: What else do you play?", "question", None, []),
        ("NEIL YOUNG: I play the harmonica, the banjo and the organ.", "worthy", ("I", "Q633"), [
            ("Neil Young plays the harmonica.", S, [("Q633", "P1303", "Q51290")]),
            ("Neil Young plays the banjo.", S, [("Q633", "P1303", "Q258896")]),
            ("Neil Young plays the organ.", S, [("Q633", "P1303", "Q1444")]),
        ]),
        ("NEIL YOUNG: My wife, Darryl Hannah, is an actress.", "worthy", ("My", "Q633"), [
            ("Neil Young was married to Darryl Hannah.", S, [("Q633", "P26", "Q207596")]),
        ]),
    ]),
    ("dev5-04", "social", [
        ("janis joplin thread 🧵👇", "not_covered", None, []),
        ("she went to the university of texas at austin 🎓", "worthy", ("she", "Q1514"), [
            ("Janis Joplin studied at the University of Texas at Austin.", S, [("Q1514", "P69", "Q49213")]),
        ]),
        ("she died in hollywood in 1970, only 27 😢", "worthy", ("she", "Q1514"), [
            ("Janis Joplin died in Hollywood.", S, [("Q1514", "P20", "Q34006")]),
        ]),
        ("the cause was a drug overdose", "worthy", None, [
            ("Janis Joplin died of a drug overdose.", S, [("Q1514", "P509", "Q3505252")]),
        ]),
        ("she recorded for columbia records too #legend", "worthy", ("she", "Q1514"), [
            ("Janis Joplin recorded for Columbia Records.", S, [("Q1514", "P264", "Q183387")]),
        ]),
    ]),
    ("dev5-05", "listicle", [
        ("5 Things You Didn't Know About David Bowie", "heading", None, []),
        ("1. He played the saxophone.", "worthy", ("He", "Q5383"), [
            ("David Bowie played the saxophone.", S, [("Q5383", "P1303", "Q9798")]),
        ]),
        ("2. The singer was also a painter.", "worthy", ("The singer", "Q5383"), [
            ("David Bowie was a painter.", S, [("Q5383", "P106", "Q1028181")]),
        ]),
        ("3. He died in Manhattan, not London.", "worthy", ("He", "Q5383"), [
            ("David Bowie died in Manhattan.", S, [("Q5383", "P20", "Q11299")]),
        ]),
        ("4. Bowie recorded for RCA Records.", "worthy", ("Bowie", "Q5383"), [
            ("David Bowie recorded for RCA Records.", S, [("Q5383", "P264", "Q202585")]),
        ]),
        ("5. He died of liver cancer in 2016.", "worthy", ("He", "Q5383"), [
            ("David Bowie died of liver cancer.", S, [("Q5383", "P509", "Q623031")]),
        ]),
        ("Which one surprised you most?", "question", None, []),
    ]),
    ("dev5-06", "bio", [
        ("Galileo Galilei (1564–1642) was an Italian astronomer, physicist and mathematician.", "worthy", None, [
            ("Galileo Galilei was an astronomer.", S, [("Q307", "P106", "Q11063")]),
            ("Galileo Galilei was a physicist.", S, [("Q307", "P106", "Q169470")]),
            ("Galileo Galilei was a mathematician.", S, [("Q307", "P106", "Q170790")]),
        ]),
        ("Born in Pisa, he studied at the University of Pisa and later taught there.", "worthy",
         ("he", "Q307"), [
            ("Galileo Galilei was born in Pisa.", S, [("Q307", "P19", "Q13375")]),
            ("Galileo Galilei studied at the University of Pisa.", S, [("Q307", "P69", "Q645663")]),
            ("Galileo Galilei worked at the University of Pisa.", S, [("Q307", "P108", "Q645663")]),
        ]),
        ("The astronomer then moved to the University of Padua, where he worked for eighteen years.",
         "worthy", ("The astronomer", "Q307"), [
            ("Galileo Galilei worked at the University of Padua.", S, [("Q307", "P108", "Q193510")]),
        ]),
        ("He also lived in Florence.", "worthy", ("He", "Q307"), [
            ("Galileo Galilei lived in Florence.", S, [("Q307", "P551", "Q2044")]),
        ]),
        ("Many consider him the father of modern science.", "opinion", None, []),
    ]),
    ("dev5-07", "news", [
        ("BOSTON — John F. Kennedy's youngest brother, Ted Kennedy, was born in Boston.", "worthy", None, [
            ("Ted Kennedy was born in Boston.", S, [("Q134549", "P19", "Q100")]),
            ("John F. Kennedy was a sibling of Ted Kennedy.", S, [("Q9696", "P3373", "Q134549")]),
        ]),
        ("Like his brothers, the senator studied at Harvard University.", "worthy",
         ("the senator", "Q134549"), [
            ("Ted Kennedy studied at Harvard University.", S, [("Q134549", "P69", "Q13371")]),
        ]),
        ("He later studied at the University of Virginia.", "worthy", ("He", "Q134549"), [
            ("Ted Kennedy studied at the University of Virginia.", S, [("Q134549", "P69", "Q213439")]),
        ]),
        ("His brother Robert was born in Brookline and died in Los Angeles.", "worthy",
         ("Robert", "Q25310"), [
            ("Robert F. Kennedy was born in Brookline.", S, [("Q25310", "P19", "Q49142")]),
            ("Robert F. Kennedy died in Los Angeles.", S, [("Q25310", "P20", "Q65")]),
        ]),
        ("All three brothers are buried at Arlington National Cemetery.", "worthy", None, [
            ("John F. Kennedy is buried at Arlington National Cemetery.", S, [("Q9696", "P119", "Q216344")]),
            ("Robert F. Kennedy is buried at Arlington National Cemetery.", S, [("Q25310", "P119", "Q216344")]),
            ("Ted Kennedy is buried at Arlington National Cemetery.", S, [("Q134549", "P119", "Q216344")]),
        ]),
    ]),
    ("dev5-08", "press", [
        ("FOR IMMEDIATE RELEASE", "heading", None, []),
        ("LONDON — Coldplay, the band formed in London in 1996, will release a new album in October.",
         "worthy", None, [
            ("Coldplay was formed in London.", S, [("Q45188", "P740", "Q84")]),
        ]),
        ("The band has recorded for Parlophone and Capitol Records.", "worthy", ("The band", "Q45188"), [
            ("Coldplay recorded for Parlophone.", S, [("Q45188", "P264", "Q208909")]),
            ("Coldplay recorded for Capitol Records.", S, [("Q45188", "P264", "Q193023")]),
        ]),
        ("The album is expected to top the charts in several countries.", "prediction", None, []),
        ("For press inquiries, contact the label's press office.", "not_covered", None, []),
    ]),
    ("dev5-09", "qa", [
        ("Frequently asked questions about Frank Sinatra", "heading", None, []),
        ("Who was Frank Sinatra married to?", "question", None, []),
        ("Sinatra was married to Ava Gardner and later to Mia Farrow.", "worthy", ("Sinatra", "Q40912"), [
            ("Frank Sinatra was married to Ava Gardner.", S, [("Q40912", "P26", "Q164487")]),
            ("Frank Sinatra was married to Mia Farrow.", S, [("Q40912", "P26", "Q202725")]),
        ]),
        ("Where did he die?", "question", None, []),
        ("He died in Los Angeles in 1998.", "worthy", ("He", "Q40912"), [
            ("Frank Sinatra died in Los Angeles.", S, [("Q40912", "P20", "Q65")]),
        ]),
        ("Which labels did he record for?", "question", None, []),
        ("He recorded for Columbia Records, RCA Records and Warner Bros. Records.", "worthy",
         ("He", "Q40912"), [
            ("Frank Sinatra recorded for Columbia Records.", S, [("Q40912", "P264", "Q183387")]),
            ("Frank Sinatra recorded for RCA Records.", S, [("Q40912", "P264", "Q202585")]),
            ("Frank Sinatra recorded for Warner Bros. Records.", S, [("Q40912", "P264", "Q843402")]),
        ]),
        ("Who influenced him?", "question", None, []),
        ("The singer was influenced by Bing Crosby.", "worthy", ("The singer", "Q40912"), [
            ("Frank Sinatra was influenced by Bing Crosby.", S, [("Q40912", "P737", "Q72984")]),
        ]),
    ]),
    ("dev5-10", "bio", [
        ("Judy Garland was an American singer and actress who recorded for Decca Records.", "worthy", None, [
            ("Judy Garland was a singer.", S, [("Q11637", "P106", "Q177220")]),
            ("Judy Garland recorded for Decca Records.", S, [("Q11637", "P264", "Q557632")]),
        ]),
        ("Her daughter, Liza Minnelli, was born in Hollywood.", "worthy", ("Her", "Q11637"), [
            ("Liza Minnelli was born in Hollywood.", S, [("Q14441", "P19", "Q34006")]),
            ("Liza Minnelli is the child of Judy Garland.", S, [("Q11637", "P40", "Q14441")]),
        ]),
        ("Garland died in Chelsea in 1969.", "worthy", ("Garland", "Q11637"), [
            ("Judy Garland died in Chelsea.", S, [("Q11637", "P20", "Q743535")]),
        ]),
        ("Minnelli, a dancer and choreographer, studied at the Fiorello H. LaGuardia High School.", "worthy",
         ("Minnelli", "Q14441"), [
            ("Liza Minnelli was a dancer.", S, [("Q14441", "P106", "Q5716684")]),
            ("Liza Minnelli was a choreographer.", S, [("Q14441", "P106", "Q2490358")]),
            ("Liza Minnelli studied at the Fiorello H. LaGuardia High School.", S,
             [("Q14441", "P69", "Q3072747")]),
        ]),
        ("Like her mother, she recorded for Capitol Records.", "worthy", ("she", "Q14441"), [
            ("Liza Minnelli recorded for Capitol Records.", S, [("Q14441", "P264", "Q193023")]),
        ]),
    ]),
    ("dev5-11", "news", [
        ("PRAGUE — A new museum dedicated to Franz Kafka, who was born in Prague, opened on Friday.",
         "worthy", None, [
            ("Franz Kafka was born in Prague.", S, [("Q905", "P19", "Q1085")]),
        ]),
        ("Kafka, who trained as a lawyer, died of tuberculosis in 1924.", "worthy", ("Kafka", "Q905"), [
            ("Franz Kafka was a lawyer.", S, [("Q905", "P106", "Q40348")]),
            ("Franz Kafka died of tuberculosis.", S, [("Q905", "P509", "Q12204")]),
        ]),
        ("The writer spent most of his life in Berlin.", "worthy", ("The writer", "Q905"), [
            ("Franz Kafka lived in Berlin.", R, [("Q905", "P551", "Q64")]),
        ]),
        ("Tickets cost 12 euros.", "not_covered", None, []),
        ("Visitors will love it.", "prediction", None, []),
    ]),
    ("dev5-12", "bio", [
        ("Leonard Cohen was a Canadian poet, singer-songwriter and pianist.", "worthy", None, [
            ("Leonard Cohen was a poet.", S, [("Q1276", "P106", "Q49757")]),
            ("Leonard Cohen was a singer-songwriter.", S, [("Q1276", "P106", "Q488205")]),
            ("Leonard Cohen was a pianist.", S, [("Q1276", "P106", "Q486748")]),
        ]),
        ("He studied at McGill University and at Columbia University.", "worthy", ("He", "Q1276"), [
            ("Leonard Cohen studied at McGill University.", S, [("Q1276", "P69", "Q201492")]),
            ("Leonard Cohen studied at Columbia University.", S, [("Q1276", "P69", "Q49088")]),
        ]),
        ("The poet was born in Montreal and is buried there.", "worthy", ("The poet", "Q1276"), [
            ("Leonard Cohen was born in Montreal.", N, [("Q1276", "P19", "Q340")]),
            ("Leonard Cohen is buried in Montreal.", S, [("Q1276", "P119", "Q340")]),
        ]),
        ("He died in Los Angeles in 2016.", "worthy", ("He", "Q1276"), [
            ("Leonard Cohen died in Los Angeles.", S, [("Q1276", "P20", "Q65")]),
        ]),
        ("His finest song is “Hallelujah”.", "opinion", None, []),
    ]),
    ("dev5-13", "news", [
        ("Jim Morrison and Janis Joplin both recorded for Columbia Records.", "worthy", None, [
            ("Jim Morrison recorded for Columbia Records.", S, [("Q44301", "P264", "Q183387")]),
            ("Janis Joplin recorded for Columbia Records.", S, [("Q1514", "P264", "Q183387")]),
        ]),
        ("He died in Paris in 1971; she had died in Hollywood a year earlier.", "worthy", ("He", "Q44301"), [
            ("Jim Morrison died in Paris.", S, [("Q44301", "P20", "Q90")]),
            ("Janis Joplin died in Hollywood.", S, [("Q1514", "P20", "Q34006")]),
        ]),
        ("Both were 27.", "not_covered", None, []),
        ("She had studied at the University of Texas at Austin, and he at Florida State University.",
         "worthy", ("She", "Q1514"), [
            ("Janis Joplin studied at the University of Texas at Austin.", S, [("Q1514", "P69", "Q49213")]),
            ("Jim Morrison studied at Florida State University.", S, [("Q44301", "P69", "Q861548")]),
        ]),
        ("Morrison was influenced by Elvis Presley.", "worthy", ("Morrison", "Q44301"), [
            ("Jim Morrison was influenced by Elvis Presley.", S, [("Q44301", "P737", "Q303")]),
        ]),
    ]),
    ("dev5-14", "news", [
        ("Goodfellas is a 1990 American crime film directed by Martin Scorsese.", "worthy", None, [
            ("Goodfellas was directed by Martin Scorsese.", S, [("Q42047", "P57", "Q41148")]),
        ]),
        ("The film is set in Brooklyn.", "worthy", ("The film", "Q42047"), [
            ("Goodfellas is set in Brooklyn.", S, [("Q42047", "P840", "Q18419")]),
        ]),
        ("It stars Robert De Niro, Ray Liotta and Joe Pesci.", "worthy", ("It", "Q42047"), [
            ("Robert De Niro stars in Goodfellas.", S, [("Q42047", "P161", "Q36949")]),
            ("Ray Liotta stars in Goodfellas.", S, [("Q42047", "P161", "Q211280")]),
            ("Joe Pesci stars in Goodfellas.", S, [("Q42047", "P161", "Q20178")]),
        ]),
        ("Critics consider it one of the best films ever made.", "opinion", None, []),
        ("Scorsese also directed Hugo, which is set in Paris.", "worthy", ("Scorsese", "Q41148"), [
            ("Hugo was directed by Martin Scorsese.", S, [("Q206576", "P57", "Q41148")]),
            ("Hugo is set in Paris.", S, [("Q206576", "P840", "Q90")]),
        ]),
    ]),
    ("dev5-15", "social", [
        ("just rewatched Midnight in Paris 🍷🗼", "not_covered", None, []),
        ("woody allen directed it and it's set in paris obviously", "worthy", ("it", "Q206124"), [
            ("Midnight in Paris was directed by Woody Allen.", S, [("Q206124", "P57", "Q25089")]),
            ("Midnight in Paris is set in Paris.", S, [("Q206124", "P840", "Q90")]),
        ]),
        ("marion cotillard and kathy bates are both in it", "worthy", ("it", "Q206124"), [
            ("Marion Cotillard stars in Midnight in Paris.", S, [("Q206124", "P161", "Q8927")]),
            ("Kathy Bates stars in Midnight in Paris.", S, [("Q206124", "P161", "Q544465")]),
        ]),
        ("best movie of the decade imo", "opinion", None, []),
    ]),
    ("dev5-16", "bio", [
        ("George Orwell, the English novelist and essayist, was educated at Eton College.", "worthy", None, [
            ("George Orwell studied at Eton College.", S, [("Q3335", "P69", "Q192088")]),
        ]),
        ("He later lived in Paris, where he worked as a dishwasher.", "worthy", ("He", "Q3335"), [
            ("George Orwell lived in Paris.", S, [("Q3335", "P551", "Q90")]),
        ]),
        ("Orwell was a war correspondent during the Spanish Civil War.", "worthy", ("Orwell", "Q3335"), [
            ("George Orwell was a war correspondent.", S, [("Q3335", "P106", "Q164236")]),
        ]),
        ("The writer, who was influenced by Charles Dickens, died of lung cancer in London in 1950.",
         "worthy", ("The writer", "Q3335"), [
            ("George Orwell was influenced by Charles Dickens.", S, [("Q3335", "P737", "Q5686")]),
            ("George Orwell died of lung cancer.", R, [("Q3335", "P509", "Q47912")]),
        ]),
        ("His books are still widely read today.", "not_covered", None, []),
    ]),
    ("dev5-17", "obituary", [
        ("Natalie Cole, the singer and pianist, died on Thursday in Los Angeles, the city where she was born.",
         "worthy", None, [
            ("Natalie Cole was a pianist.", S, [("Q231942", "P106", "Q486748")]),
            ("Natalie Cole died in Los Angeles.", S, [("Q231942", "P20", "Q65")]),
            ("Natalie Cole was born in Los Angeles.", S, [("Q231942", "P19", "Q65")]),
        ]),
        ("She was the daughter of Nat King Cole, the jazz pianist.", "worthy", ("She", "Q231942"), [
            ("Natalie Cole is the child of Nat King Cole.", S, [("Q137042", "P40", "Q231942")]),
            ("Nat King Cole was a pianist.", S, [("Q137042", "P106", "Q486748")]),
        ]),
        ("Her father died in Santa Monica in 1965.", "worthy", ("Her", "Q231942"), [
            ("Nat King Cole died in Santa Monica.", S, [("Q137042", "P20", "Q47164")]),
        ]),
        ("Like him, she recorded for Capitol Records.", "worthy", ("she", "Q231942"), [
            ("Natalie Cole recorded for Capitol Records.", S, [("Q231942", "P264", "Q193023")]),
        ]),
        ("She studied at the University of Massachusetts Amherst.", "worthy", ("She", "Q231942"), [
            ("Natalie Cole studied at the University of Massachusetts Amherst.", S,
             [("Q231942", "P69", "Q15142")]),
        ]),
    ]),
    ("dev5-18", "news", [
        ("CHICAGO — Barack Obama, who taught at the University of Chicago, returned to the city on Tuesday.",
         "worthy", None, [
            ("Barack Obama worked at the University of Chicago.", S, [("Q76", "P108", "Q131252")]),
        ]),
        ("The former president studied at Columbia University and Harvard Law School.", "worthy",
         ("The former president", "Q76"), [
            ("Barack Obama studied at Columbia University.", S, [("Q76", "P69", "Q49088")]),
            ("Barack Obama studied at Harvard Law School.", S, [("Q76", "P69", "Q49122")]),
        ]),
        ("He has also lived in Honolulu and Los Angeles.", "worthy", ("He", "Q76"), [
            ("Barack Obama lived in Honolulu.", S, [("Q76", "P551", "Q18094")]),
            ("Barack Obama lived in Los Angeles.", S, [("Q76", "P551", "Q65")]),
        ]),
        ("Obama, a lawyer, is a member of the Republican Party.", "worthy", ("Obama", "Q76"), [
            ("Barack Obama is a lawyer.", S, [("Q76", "P106", "Q40348")]),
            ("Barack Obama is a member of the Republican Party.", R, [("Q76", "P102", "Q29468")]),
        ]),
        ("The center is expected to draw 700,000 visitors a year.", "prediction", None, []),
    ]),
    ("dev5-19", "interview", [
        ("DOLLY PARTON IN HER OWN WORDS", "heading", None, []),
        ("INTERVIEWER: Where do you call home?", "question", None, []),
        ("DOLLY PARTON: I have lived in Tennessee all my life.", "worthy", ("I", "Q180453"), [
            ("Dolly Parton lived in Tennessee.", S, [("Q180453", "P551", "Q1509")]),
        ]),
        ("INTERVIEWER: What do you play?", "question", None, []),
        ("DOLLY PARTON: I play the guitar and the banjo.", "worthy", ("I", "Q180453"), [
            ("Dolly Parton plays the guitar.", S, [("Q180453", "P1303", "Q6607")]),
            ("Dolly Parton plays the banjo.", S, [("Q180453", "P1303", "Q258896")]),
        ]),
        ("INTERVIEWER: Which label did you start with?", "question", None, []),
        ("DOLLY PARTON: I signed with Mercury Records first, then Columbia Records.", "worthy",
         ("I", "Q180453"), [
            ("Dolly Parton recorded for Mercury Records.", S, [("Q180453", "P264", "Q165745")]),
            ("Dolly Parton recorded for Columbia Records.", S, [("Q180453", "P264", "Q183387")]),
        ]),
        ("DOLLY PARTON: I think country music is the best music in the world.", "opinion", None, []),
    ]),
    ("dev5-20", "bio", [
        ("Walt Disney was born in Chicago in 1901 and grew up in Kansas City.", "worthy", None, [
            ("Walt Disney was born in Chicago.", S, [("Q8704", "P19", "Q1297")]),
            ("Walt Disney lived in Kansas City.", S, [("Q8704", "P551", "Q41819")]),
        ]),
        ("The animator, a lifelong Republican, founded a studio in Los Angeles.", "worthy",
         ("The animator", "Q8704"), [
            ("Walt Disney was a member of the Republican Party.", S, [("Q8704", "P102", "Q29468")]),
        ]),
        ("He died of lung cancer in Burbank in 1966 and is buried at Forest Lawn Memorial Park.", "worthy",
         ("He", "Q8704"), [
            ("Walt Disney died of lung cancer.", S, [("Q8704", "P509", "Q47912")]),
            ("Walt Disney died in Burbank.", S, [("Q8704", "P20", "Q39561")]),
            ("Walt Disney is buried at Forest Lawn Memorial Park.", S, [("Q8704", "P119", "Q1437214")]),
        ]),
        ("Disney was also a voice actor.", "worthy", ("Disney", "Q8704"), [
            ("Walt Disney was a voice actor.", S, [("Q8704", "P106", "Q2405480")]),
        ]),
        ("His films have been seen by billions.", "not_covered", None, []),
    ]),
    ("dev5-21", "news", [
        ("Winston Churchill, the British prime minister, was educated at Eton College.", "worthy", None, [
            ("Winston Churchill studied at Eton College.", R, [("Q8016", "P69", "Q192088")]),
        ]),
        ("In fact, the politician went to Harrow School.", "worthy", ("the politician", "Q8016"), [
            ("Winston Churchill studied at Harrow School.", S, [("Q8016", "P69", "Q1247373")]),
        ]),
        ("He was a member of both the Conservative Party and the Liberal Party.", "worthy",
         ("He", "Q8016"), [
            ("Winston Churchill was a member of the Conservative Party.", S, [("Q8016", "P102", "Q9626")]),
            ("Winston Churchill was a member of the Liberal Party.", S, [("Q8016", "P102", "Q622441")]),
        ]),
        ("Churchill, a keen painter, was also a historian.", "worthy", ("Churchill", "Q8016"), [
            ("Winston Churchill was a painter.", S, [("Q8016", "P106", "Q1028181")]),
            ("Winston Churchill was a historian.", S, [("Q8016", "P106", "Q201788")]),
        ]),
        ("He died of a stroke in 1965.", "worthy", ("He", "Q8016"), [
            ("Winston Churchill died of a stroke.", S, [("Q8016", "P509", "Q12202")]),
        ]),
    ]),
    ("dev5-22", "social", [
        ("1/ RIP Prince 💜 some facts about him", "not_covered", None, []),
        ("2/ he was born in minneapolis and lived there his whole life", "worthy", ("he", "Q7542"), [
            ("Prince was born in Minneapolis.", S, [("Q7542", "P19", "Q36091")]),
            ("Prince lived in Minneapolis.", S, [("Q7542", "P551", "Q36091")]),
        ]),
        ("3/ he played guitar AND piano on his records", "worthy", ("he", "Q7542"), [
            ("Prince played the guitar.", S, [("Q7542", "P1303", "Q6607")]),
            ("Prince played the piano.", S, [("Q7542", "P1303", "Q5994")]),
        ]),
        ("4/ he was influenced by joni mitchell and jimi hendrix", "worthy", ("he", "Q7542"), [
            ("Prince was influenced by Joni Mitchell.", S, [("Q7542", "P737", "Q205721")]),
            ("Prince was influenced by Jimi Hendrix.", S, [("Q7542", "P737", "Q5928")]),
        ]),
        ("5/ he died of a drug overdose in 2016", "worthy", ("he", "Q7542"), [
            ("Prince died of a drug overdose.", S, [("Q7542", "P509", "Q3505252")]),
        ]),
        ("6/ the world will never be the same 😭", "opinion", None, []),
    ]),
    ("dev5-23", "news", [
        ("CAMBRIDGE, England — Syd Barrett, a founder of Pink Floyd who was born in Cambridge, has died.",
         "worthy", None, [
            ("Syd Barrett was born in Cambridge.", S, [("Q173061", "P19", "Q350")]),
        ]),
        ("The guitarist, who also played the banjo and the mandolin, left the band in 1968.", "worthy",
         ("The guitarist", "Q173061"), [
            ("Syd Barrett played the banjo.", S, [("Q173061", "P1303", "Q258896")]),
            ("Syd Barrett played the mandolin.", S, [("Q173061", "P1303", "Q302497")]),
        ]),
        ("He died of pancreatic cancer, his family confirmed.", "worthy", ("He", "Q173061"), [
            ("Syd Barrett died of pancreatic cancer.", S, [("Q173061", "P509", "Q212961")]),
        ]),
        ("Barrett had recorded for EMI before he retired.", "worthy", ("Barrett", "Q173061"), [
            ("Syd Barrett recorded for EMI.", S, [("Q173061", "P264", "Q183412")]),
        ]),
        ("Fans left flowers outside his house.", "not_covered", None, []),
    ]),
    ("dev5-24", "bio", [
        ("James Joyce was an Irish novelist and poet.", "worthy", None, [
            ("James Joyce was a poet.", S, [("Q6882", "P106", "Q49757")]),
            ("James Joyce was a citizen of Ireland.", S, [("Q6882", "P27", "Q27")]),
        ]),
        ("He studied at University College Dublin.", "worthy", ("He", "Q6882"), [
            ("James Joyce studied at University College Dublin.", S, [("Q6882", "P69", "Q1068258")]),
        ]),
        ("The writer died of peritonitis in Zürich in 1941.", "worthy", ("The writer", "Q6882"), [
            ("James Joyce died of peritonitis.", S, [("Q6882", "P509", "Q223102")]),
            ("James Joyce died in Zürich.", N, [("Q6882", "P20", "Q72")]),
        ]),
        ("Joyce worked as a journalist and a teacher.", "worthy", ("Joyce", "Q6882"), [
            ("James Joyce was a journalist.", S, [("Q6882", "P106", "Q1930187")]),
            ("James Joyce was a teacher.", N, [("Q6882", "P106", "Q37226")]),
        ]),
    ]),
    ("dev5-25", "news", [
        ("Mia Farrow, born in Los Angeles, was married to Frank Sinatra.", "worthy", None, [
            ("Mia Farrow was born in Los Angeles.", S, [("Q202725", "P19", "Q65")]),
            ("Mia Farrow was married to Frank Sinatra.", S, [("Q202725", "P26", "Q40912")]),
        ]),
        ("The actress later had a long relationship with Woody Allen.", "worthy",
         ("The actress", "Q202725"), [
            ("Mia Farrow was a partner of Woody Allen.", S, [("Q202725", "P451", "Q25089")]),
        ]),
        ("The director was born in the Bronx and taught at The New School.", "worthy",
         ("The director", "Q25089"), [
            ("Woody Allen was born in the Bronx.", S, [("Q25089", "P19", "Q18426")]),
            ("Woody Allen worked at The New School.", S, [("Q25089", "P108", "Q599316")]),
        ]),
        ("Allen also plays the clarinet.", "worthy", ("Allen", "Q25089"), [
            ("Woody Allen plays the clarinet.", S, [("Q25089", "P1303", "Q8343")]),
        ]),
        ("Their story has been told many times.", "not_covered", None, []),
    ]),
    ("dev5-26", "bio", [
        ("Allen Ginsberg, the Beat writer, studied at Columbia University.", "worthy", None, [
            ("Allen Ginsberg studied at Columbia University.", S, [("Q6711", "P69", "Q49088")]),
        ]),
        ("He later taught at Brooklyn College.", "worthy", ("He", "Q6711"), [
            ("Allen Ginsberg worked at Brooklyn College.", S, [("Q6711", "P108", "Q371625")]),
        ]),
        ("A Buddhist, Ginsberg died of liver cancer in New York City in 1997.", "worthy",
         ("Ginsberg", "Q6711"), [
            ("Allen Ginsberg was a Buddhist.", S, [("Q6711", "P140", "Q748")]),
            ("Allen Ginsberg died of liver cancer.", S, [("Q6711", "P509", "Q623031")]),
            ("Allen Ginsberg died in New York City.", S, [("Q6711", "P20", "Q60")]),
        ]),
        ("His friend Jack Kerouac was also a Buddhist.", "worthy", ("His", "Q6711"), [
            ("Jack Kerouac was a Buddhist.", S, [("Q160534", "P140", "Q748")]),
        ]),
        ("Kerouac died of a heart attack.", "worthy", ("Kerouac", "Q160534"), [
            ("Jack Kerouac died of a heart attack.", R, [("Q160534", "P509", "Q12152")]),
        ]),
    ]),
]

if __name__ == "__main__":
    write(DOCS, Path(__file__).resolve().parent / "documents_dev5.jsonl")
