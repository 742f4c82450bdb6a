"""Build the seventh natural-reading development set (dev_natural_reading_v7.jsonl) and check every label.

The claims below were written by hand, as people write them (encyclopedia sentences, news ledes,
social-media posts), without reading how kgfc reads claims, its tests, its development sets or the
claims of any earlier set, and without running kgfc on them. Each line holds

    style | label | relation | check | SPARQL pattern | claim

style: e(ncyclopedia), j(ournalist), s(ocial); label: S(UPPORTED), R(EFUTED), N(OT ENOUGH INFO).
relation: the P-id the claim is about, P-ids joined by ``+`` for a two-fact conjunction, or
``chain`` for a two-hop claim ("the director of F was born in C"). The check says what the pattern
must give over the demo KG (``Q..`` is ``wd:Q..``, ``P..`` is ``wdt:P..``; ``^P40`` is the inverse
of "child", so ``X ^P40 Y`` reads "X is a child of Y"):

    yes      ASK { pattern } is true          (the claim's facts are stated)
    no       ASK { pattern } is false         (the fact is not stated)
    one=Qx   SELECT ?o { pattern } is exactly Qx (a single value that differs from the claim's)
    none     SELECT ?o { pattern } is empty   (no value at all)

A check may end in ``~Qa,Qb``: entities the claim names that the pattern does not hold (the wrong
value of a REFUTED claim, the place or person of a NOT ENOUGH INFO claim, places and people in a
news lede). They must have English labels too, and a ``one=`` value must differ from every one of
them. An entity the demo KG does not hold at all (an award, a screenwriter) is not listed.

Every claim's main entity (its subject, the first entity of its pattern) was the subject of no
claim in any earlier set: the builder reads the subjects of every ``benchmarks/data/*.jsonl`` file
(the first entity of each row's ``check_sparql``) and refuses a subject found there.

The script runs every query on the demo KG (pyoxigraph, union of its graphs) and refuses to write
anything if a query disagrees, an entity has no label, a subject was used by an earlier set or
more than three times here, two claims repeat, a ``one=`` check does not decide a REFUTED claim or
has more than one value at some hop, a ``no``/``none`` check decides anything but NOT ENOUGH INFO,
a style falls outside 75 to 95 claims, or the balance drifts. Then it writes the JSON-lines set and
its description.

    python benchmarks/build_dev_reading_v7.py

A development set: it was written blind, and kgfc may be tuned on it after its first run.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dataset_build import build, check_fits_label, claim_set, subjects_new_to  # noqa: E402

CLAIMS = """
e | S | P19 | yes | Q180619 P19 Q18424 | Stephen Jay Gould, the paleontologist who popularised the theory of punctuated equilibrium, was born in Queens.
j | R | P20 | one=Q60~Q100 | Q180619 P20 ?o | Stephen Jay Gould, who died in Boston in 2002, is the subject of a new biography out this spring.
s | S | P108+P108 | yes | Q180619 P108 Q13371 . Q180619 P108 Q49210 | stephen jay gould taught at harvard AND nyu?? some of us can't even hold down one job lol
e | S | P19+P20 | yes | Q132524 P19 Q656 . Q132524 P20 Q60 | Ayn Rand, author of The Fountainhead and Atlas Shrugged, was born in Saint Petersburg and died in New York City.
s | S | P737 | yes | Q132524 P737 Q868 | say what u want about ayn rand but she was clearly influenced by aristotle 🏛️ #philosophy
e | R | P19 | one=Q656~Q649 | Q132524 P19 ?o | Ayn Rand, the Russian-American novelist and philosopher, was born in Moscow.
j | S | P264 | yes~Q65 | Q182725 P264 Q772494 | Etta James, who recorded for Chess Records in the 1960s, will be celebrated with a tribute concert in Los Angeles next month.
s | S | P1050 | yes | Q182725 P1050 Q11081 | etta james had alzheimer's near the end 💔 "at last" still makes me cry every single time
e | R | P19 | one=Q65~Q1297 | Q182725 P19 ?o | Etta James, the blues and soul singer best known for "At Last", was born in Chicago.
e | S | P119 | yes | Q315087 P119 Q1302545 | Garry Marshall, the creator of Happy Days and director of Pretty Woman, is buried at Forest Lawn Memorial Park.
e | R | P20 | one=Q39561~Q60 | Q315087 P20 ?o | Garry Marshall, the creator of Happy Days, died in New York City in July 2016.
s | N | P40 | none | Q315087 P40 ?o | garry marshall's daughter kathleen is also a director?? talent runs in that family
e | S | P737 | yes | Q501 P737 Q16867 | Charles Baudelaire, who translated many of his tales into French, counted Edgar Allan Poe among his influences.
s | R | P19 | yes | Q501 P19 Q90 | fun fact: baudelaire wasn't even born in paris, he just lived there 🥀 #lesfleursdumal
j | N | P463 | none~Q90 | Q501 P463 ?o | Charles Baudelaire, a member of the Club des Hashischins in 1840s Paris, is the focus of a major new exhibition.
j | S | P19 | yes | Q217787 P19 Q18419 | Brooklyn-born songwriter Carole King will return to the stage this summer for a one-night benefit show.
s | S | P1303 | yes | Q217787 P1303 Q5994 | carole king at the piano is a whole mood 🎹 tapestry on repeat all weekend
e | R | P69 | yes | Q217787 P69 Q1760438 | Carole King never attended Queens College; she signed a songwriting contract straight out of high school.
s | R | P20 | one=Q846421~Q60 | Q168847 P20 ?o | brittany murphy passed away in nyc right? she was so young 😢
j | N | P69 | none~Q503246 | Q168847 P69 ?o | A retrospective of Brittany Murphy's films opens Friday, celebrating the actress, who reportedly trained at the Juilliard School.
e | S | P69 | yes | Q313281 P69 Q463055 | Michel Legrand, who wrote the music for The Umbrellas of Cherbourg, trained at the Conservatoire de Paris.
j | S | P27+P27 | yes | Q313281 P27 Q142 . Q313281 P27 Q30 | Michel Legrand, a citizen of both France and the United States, left behind more than two hundred film scores.
s | R | P20 | one=Q48958~Q65 | Q313281 P20 ?o | michel legrand died in los angeles?? always assumed he stayed in france till the end 🎷
s | S | P3373 | yes | Q213521 P3373 Q168992 | ashlee simpson is jessica simpson's little sister and honestly the better singer 🎤 #piecesofme
e | S | chain | yes | Q213521 P26 ?s . ?s P69 Q1179603 | Ashlee Simpson was once married to a musician who studied at DePaul University.
j | R | P264 | yes | Q213521 P264 Q212699 | Ashlee Simpson, who was never signed to Geffen Records, is said to be planning a comeback album.
j | S | P19 | yes~Q1370 | Q179257 P19 Q49231 | Timbaland, the producer born in Norfolk, Virginia, is back in the studio with a new roster of artists.
s | R | P19 | one=Q49231~Q23556 | Q179257 P19 ?o | timbaland is an atlanta native, that's why the beats hit like that 🔥
e | S | P19+P20 | yes | Q5879 P19 Q1794 . Q5879 P20 Q3955 | Johann Wolfgang von Goethe was born in Frankfurt and died in Weimar.
s | R | P20 | one=Q3955~Q1794 | Q5879 P20 ?o | goethe died in frankfurt, the same city he was born in. full circle 🇩🇪
j | S | P463 | yes~Q3955 | Q5879 P463 Q41726 | A new exhibition in Weimar traces how Goethe, himself a Freemason, wove masonic symbols into his late work.
e | S | P102 | yes~Q245208 | Q93957 P102 Q29468 | Gary Cooper, the star of High Noon, was a member of the Republican Party.
e | N | P19 | none | Q93957 P19 ?o | Gary Cooper's birthplace was Helena, Montana.
s | R | P509 | yes | Q93957 P509 Q181257 | gary cooper did NOT die of prostate cancer, that's a myth. high noon still goes hard tho
j | S | P69 | yes | Q131149 P69 Q49123 | Thoreau, a Harvard College graduate who later built a cabin at Walden Pond, is the subject of a new graphic novel.
s | N | P26 | none | Q131149 P26 ?o | thoreau married and had kids and still wrote about living alone in the woods?? 😭
s | S | P19 | yes | Q223875 P19 Q16557 | erykah badu was born in dallas and she never lets u forget it 🙌
j | N | P26 | none | Q223875 P26 ?o | Erykah Badu, who is married to the rapper André 3000, has announced a run of intimate club dates.
e | R | P19 | one=Q16557~Q16555,Q1439 | Q223875 P19 ?o | Erykah Badu, a pioneer of neo soul, was born in Houston, Texas.
j | S | P737 | yes | Q55163 P737 Q51581 | Robert Altman, who counted Howard Hawks among his influences, gets a full career retrospective this winter.
e | S | P40 | yes | Q14441 ^P40 Q11637 | Liza Minnelli is the daughter of Judy Garland.
j | R | P19 | one=Q34006~Q60 | Q14441 P19 ?o | New York-born Liza Minnelli will make a rare public appearance at a Broadway gala next week.
e | R | P19 | one=Q41819~Q1297 | Q83906 P19 ?o | Chicago was the birthplace of Basil Poledouris, who composed the RoboCop score.
e | S | P19+P551 | yes~Q21 | Q185165 P19 Q350 . Q185165 P551 Q3141 | Olivia Newton-John was born in Cambridge, England, and later lived in Melbourne.
s | R | P19 | one=Q350~Q3141 | Q185165 P19 ?o | olivia newton-john was born in melbourne 🇦🇺 a true aussie icon, grease forever
j | S | chain | yes | Q185165 P264 Q2338889 . Q2338889 P749 Q38903 | Olivia Newton-John's old label, MCA Records, is today part of Universal Music Group.
e | N | P26 | none | Q1545 P26 ?o | Cyndi Lauper married the actor David Thornton in 1991.
j | R | P102 | yes | Q356309 P102 Q29468 | Fred MacMurray, who was never a Republican, spent his later years on a ranch in northern California.
s | N | P1303 | no~Q9798 | Q356309 P1303 Q9798 | fred macmurray played saxophone in a band before acting?? double indemnity man had layers 🎷
s | S | P102 | yes | Q345431 P102 Q29552 | mellencamp being a democrat surprises exactly no one 😂 small town guy with big opinions
j | R | chain | one=Q23197~Q100,Q2164531 | Q345431 P264 ?l . ?l P159 ?o | John Mellencamp's label, the Boston-based Rounder Records, will reissue his early albums next year.
s | R | P19 | one=Q60~Q65 | Q179497 P19 ?o | oliver stone was born in LA, which explains a lot about his movies tbh
j | S | P140 | yes~Q48 | Q179497 P140 Q748 | Oliver Stone, a practising Buddhist, is said to be developing a documentary series on Asia.
s | N | P19 | none | Q33977 P19 ?o | jules verne was born in nantes and wrote about places he never even saw, legend 🌍
j | S | P19+P20 | yes | Q337206 P19 Q11299 . Q337206 P20 Q65 | Marvin Hamlisch, the Manhattan-born composer who died in Los Angeles in 2012, will be honoured at this year's Tony Awards.
s | N | P1303 | no~Q6607 | Q337206 P1303 Q6607 | marvin hamlisch could shred on guitar too apparently 🎸 the man did everything
e | R | P19+P20 | one=Q65~Q11299 | Q337206 P19 Q11299 . Q337206 P20 ?o | Marvin Hamlisch was born and died in Manhattan.
e | S | P108+P108 | yes | Q307 P108 Q645663 . Q307 P108 Q193510 | Galileo Galilei taught at the University of Pisa and later at the University of Padua.
s | S | P106 | yes | Q307 P106 Q155647 | galileo was an astrologer too?? the father of modern science did horoscopes on the side 🔭
j | R | P19 | one=Q13375~Q2044 | Q307 P19 ?o | Florence-born astronomer Galileo Galilei is the star of a new exhibition of early scientific instruments.
s | R | P19 | yes | Q45765 P19 Q62 | jack london was not from san francisco, people think that bc of the ranch 🐺
j | N | P20 | none~Q99 | Q45765 P20 ?o | Jack London's ranch, where the writer died in 1916, has reopened to visitors in northern California.
s | S | P264 | yes | Q349799 P264 Q654283 | ad-rock and the beasties on def jam, the golden era 🔥🔥
s | N | P463 | no~Q600344 | Q364131 P463 Q600344 | wait was bob seger in the band?? like THE band? 🤔
e | R | P19 | one=Q12439~Q1345 | Q364131 P19 ?o | Bob Seger, the heartland rock singer behind "Night Moves", was born in Philadelphia.
s | R | P264 | yes | Q34389 P264 Q202585 | whitney houston was never signed to rca records, people always mix that up
e | N | P119 | none~Q1408 | Q34389 P119 ?o | Whitney Houston is buried at Fairview Cemetery in Westfield, New Jersey.
e | S | P641 | yes | Q329719 P641 Q5372 | Before turning to acting, Louis Gossett Jr. played basketball.
s | R | P19 | one=Q18419~Q1297 | Q329719 P19 ?o | lou gossett jr was born in chicago, an officer and a gentleman is a classic btw
j | S | chain | yes | Q150767 P264 ?l . ?l P159 Q84 | Benjamin Britten, whose recordings came out on a London-based label, is celebrated at this year's Aldeburgh Festival.
s | N | P19 | none | Q150767 P19 ?o | britten was born in lowestoft on st cecilia's day, the patron saint of music. can't make this up 🎶
s | N | P737 | none~Q7374 | Q273215 P737 ?o | rod steiger said hitchcock was his biggest influence, which tracks
e | S | P26+P26 | yes | Q235622 P26 Q273215 . Q235622 P26 Q187019 | Claire Bloom was married to both Rod Steiger and Philip Roth.
s | R | P26 | yes | Q235622 P26 Q187019 | claire bloom never married philip roth, they just lived together. fight me
e | R | P27 | yes~Q172 | Q117249 P27 Q16 | Despite growing up in Toronto, Robbie Robertson never held Canadian citizenship.
j | R | P69 | yes | Q1067 P69 Q131262 | Scholars gathering this week will debate the life of Dante, who never studied at the University of Bologna.
s | S | P19 | yes | Q234891 P19 Q90 | wait yo-yo ma was born in PARIS? i thought he was a new yorker 🎻
j | N | P1303 | no~Q80019 | Q234891 P1303 Q80019 | Yo-Yo Ma, who also plays the double bass, will perform the Bach suites at the Hollywood Bowl.
j | S | P108 | yes | Q134798 P108 Q49120 | Haruki Murakami, who once taught at Tufts University, has a new novel out in English this autumn.
s | N | P166 | none | Q134798 P166 ?o | murakami won the franz kafka prize AND the jerusalem prize, nobel next?? 📚
e | R | P19 | one=Q18424~Q18419,Q49110 | Q348603 P19 ?o | Born in Brooklyn, Howard Stern began his radio career at Boston University's campus station.
e | S | P26 | yes | Q103343 P26 Q242707 | Jennifer Connelly is married to the actor Paul Bettany.
s | N | P69 | no~Q49088 | Q103343 P69 Q49088 | jennifer connelly went to columbia 🤓 smart and talented, so unfair
j | R | chain | one=Q145~Q30,Q242707 | Q103343 P26 ?s . ?s P27 ?o | Jennifer Connelly and her husband, the American actor Paul Bettany, will star together in a new stage play.
s | S | P509 | yes | Q7243 P509 Q12192 | tolstoy died of pneumonia at a train station. the most tolstoy ending possible 🚂
e | N | P19 | none | Q7243 P19 ?o | Leo Tolstoy was born at Yasnaya Polyana, his family's estate south of Tula.
j | R | P1303 | yes | Q425821 P1303 Q46185 | Producer Mark Ronson, who does not play the bass guitar, has assembled an all-star band for the tour.
j | S | P20 | yes | Q294912 P20 Q1190590 | Richard Pryor, who died in Encino in 2005, is the subject of a new documentary.
e | N | P19 | none~Q1204 | Q294912 P19 ?o | Richard Pryor was born in Peoria, Illinois, in 1940.
s | N | P102 | none | Q211731 P102 ?o | timothy leary ran for governor of california as a libertarian lol 🍄
e | R | P20 | one=Q127856~Q62 | Q211731 P20 ?o | Timothy Leary, the psychologist who championed LSD, died in San Francisco in 1996.
s | S | P26 | yes | Q348533 P26 Q41076 | nick cannon was married to mariah carey, never forget 😂
j | S | P108 | yes | Q40475 P108 Q126399 | Joan Crawford, who was under contract to Warner Bros. when she made Mildred Pierce, is the subject of a new exhibition.
s | R | P19 | one=Q975~Q65 | Q40475 P19 ?o | joan crawford was an LA girl born and raised, mommie dearest lives in my head
s | R | P19 | yes | Q235077 P19 Q65 | jerry goldsmith wasn't even born in LA, he moved there for the film work
j | N | P26 | none | Q235077 P26 ?o | Jerry Goldsmith, whose widow Carol has kept his archive together, will get a posthumous star on the Walk of Fame.
e | S | chain | yes | Q104061 P69 ?s . ?s P159 Q11299 | Steve Buscemi trained at an acting school headquartered in Manhattan.
j | S | P172 | yes | Q104061 P172 Q974693 | Steve Buscemi, the Italian American actor best known for Fargo, is set to direct an independent drama this summer.
s | R | P1303 | yes | Q208681 P1303 Q51290 | kris kristofferson never touched a harmonica in his life, that was all dylan
j | N | P19 | none~Q1439,Q23197 | Q208681 P19 ?o | Kris Kristofferson, born in Brownsville, Texas, will be honoured at a tribute show in Nashville.
j | N | P69 | no~Q49112 | Q313039 P69 Q49112 | John Krasinski, a Yale graduate, is in talks to direct a new thriller.
e | S | chain | yes | Q193517 P26 ?s . ?s P69 Q49114 | Emily Blunt's husband graduated from Brown University.
j | R | chain | one=Q30~Q145 | Q193517 P26 ?s . ?s P27 ?o | Emily Blunt, whose husband is also a British citizen, will star in a new adaptation of a Victorian novel.
j | N | P19 | none~Q1033,Q3130 | Q42204 P19 ?o | Nigerian-born actor Hugo Weaving will return to the Sydney stage next year.
e | R | P19 | one=Q16557~Q23197,Q1509 | Q152929 P19 ?o | Marvin Lee Aday, better known as Meat Loaf, was a native of Nashville, Tennessee.
s | S | P69 | yes | Q306403 P69 Q174710 . Q306403 P69 Q49088 . Q306403 P69 Q49112 . Q306403 P69 Q49208 . Q306403 P69 Q371625 | james franco went to ucla, columbia, yale, brooklyn college AND rhode island school of design. bro collects degrees like pokemon 😂
s | S | P737 | yes | Q298025 P737 Q40640 | joss whedon was heavily influenced by ray bradbury, you can see it all over firefly
e | R | P19 | one=Q60~Q65 | Q298025 P19 ?o | It was in Los Angeles that Joss Whedon was born.
j | R | P20 | one=Q60~Q1297 | Q311263 P20 ?o | John Hughes, who died in Chicago, the city he put on screen in Ferris Bueller's Day Off, is honoured with a mural downtown.
s | N | P19 | none~Q1166 | Q311263 P19 ?o | john hughes was born in michigan not chicago, fun fact 🎬
e | N | P19 | none~Q90 | Q4700 P19 ?o | Claude Debussy was born in Saint-Germain-en-Laye, west of Paris.
s | S | P451 | yes | Q11975 P451 Q43432 | britney and justin dated and the matching denim outfits live in my head rent free 👖
e | S | chain | yes | Q11975 P451 ?p . ?p P19 Q16563 | Britney Spears once dated a singer who was born in Memphis.
j | R | P264 | yes | Q11975 P264 Q27184 | Britney Spears, who was never signed to Jive Records, is said to be writing a second memoir.
j | N | P19 | none~Q84 | Q10520 P19 ?o | London-born David Beckham is launching a new football academy.
e | S | P3373 | yes | Q309980 P3373 Q310012 | Edward Fox is the brother of the actor James Fox.
j | R | chain | one=Q84~Q18125,Q310012 | Q309980 P3373 ?s . ?s P19 ?o | Edward Fox, whose brother James was born in Manchester, will appear with him on stage for the first time.
j | S | chain | yes~Q310785 | Q370102 P3373 ?s . ?s P19 Q60 | Shawn Wayans, whose brother Marlon was born in New York City, is reuniting with him for a new comedy.
e | R | chain | one=Q60~Q65,Q310785 | Q370102 P3373 ?s . ?s P19 ?o | Shawn Wayans's brother Marlon Wayans was born in Los Angeles.
e | N | P19 | none | Q46248 P19 ?o | Terry Pratchett, creator of the Discworld series, was born in Beaconsfield in 1948.
s | S | P551+P551 | yes | Q855 P551 Q656 . Q855 P551 Q9248 | stalin lived in baku and saint petersburg before he was running everything 😬
j | N | P69 | none~Q994 | Q855 P69 ?o | Historians in Tbilisi have reopened the seminary archive where Joseph Stalin studied to become a priest.
j | R | P140 | yes~Q748 | Q5816 P140 Q7066 | Mao Zedong, who was not an atheist, reportedly kept Buddhist texts at his bedside.
j | N | P19 | none~Q90 | Q517 P19 ?o | Napoleon, born in Ajaccio on Corsica, will be the subject of a new exhibition in Paris.
e | S | P463 | yes | Q7245 P463 Q463281 | Mark Twain was a member of the American Academy of Arts and Letters.
e | N | P19 | none~Q1581 | Q7245 P19 ?o | Mark Twain was born in the village of Florida, Missouri.
e | S | P27 | yes | Q36322 P27 Q161885 | Jane Austen was a subject of the Kingdom of Great Britain.
s | S | P140 | yes | Q36322 P140 Q6423963 | jane austen was anglican obviously, half her characters are clergymen ⛪
j | N | P20 | none | Q36322 P20 ?o | Jane Austen, who died in Winchester in 1817, is honoured with a new banknote design.
s | S | P136 | yes | Q36184 P136 Q19715429 | bram stoker basically wrote the gothic literature rulebook 🧛
j | N | P26 | none | Q36184 P26 ?o | Bram Stoker, whose wife Florence once turned down Oscar Wilde, is the subject of a new radio drama.
s | R | P119 | yes | Q5686 P119 Q5933 | dickens isn't buried in westminster abbey, he wanted a quiet grave in kent and got one
s | R | P20 | one=Q220~Q2044 | Q5592 P20 ?o | michelangelo died in florence, the city he loved most 🎨
j | S | P106 | yes | Q5592 P106 Q42973 | Michelangelo, the sculptor who also worked as an architect, is the focus of a new exhibition.
s | S | P19 | yes~Q232 | Q29055 P19 Q277162 | sacha baron cohen was born in hammersmith, not kazakhstan, sorry borat fans 😂
e | R | P19 | one=Q277162~Q18125 | Q29055 P19 ?o | Sacha Baron Cohen, the creator of Borat and Ali G, is a native of Manchester.
j | S | P108 | yes | Q16296 P108 Q34433 | Patrick Stewart, who has taught at the University of Oxford, returns to the stage this autumn.
s | N | P19 | none | Q16296 P19 ?o | patrick stewart was born in mirfield, yorkshire and you can still hear it when he gets angry 😂
s | S | P172 | yes | Q10648 P172 Q181634 | gordon brown is scottish, you can tell from the way he says "prudence"
e | N | P69 | none~Q160302 | Q10648 P69 ?o | Gordon Brown studied history at the University of Edinburgh.
s | S | P551 | yes | Q223687 P551 Q90 | wes anderson lives in paris which explains the whole aesthetic 🎀
j | R | P19 | one=Q16555~Q16559,Q183 | Q223687 P19 ?o | Austin-born director Wes Anderson has started shooting his next film in Germany.
j | N | P19 | none~Q1408 | Q1225 P19 ?o | Bruce Springsteen, who was born in Long Branch, New Jersey, will close his tour with three hometown shows.
e | S | P509 | yes | Q211696 P509 Q3505252 | Keith Moon, the rock drummer famous for smashing his kit on stage, died of a drug overdose in 1978.
e | N | P19 | none | Q11885 P19 ?o | Lafayette, Indiana, is the birthplace of the Guns N' Roses frontman Axl Rose.
j | N | P26 | none | Q11459 P26 ?o | Serena Williams, married to Reddit co-founder Alexis Ohanian, has launched a venture fund.
s | S | P40 | yes | Q103946 ^P40 Q103784 | kiefer sutherland is donald sutherland's son, the talent is clearly genetic 🎬
e | S | P27+P27 | yes | Q103946 P27 Q16 . Q103946 P27 Q145 | Kiefer Sutherland holds both Canadian and British citizenship.
j | S | P40 | yes | Q362500 ^P40 Q106775 | Jared Harris, son of the late Richard Harris, has been cast as a Victorian detective in a new drama.
s | R | P19 | one=Q84~Q27 | Q362500 P19 ?o | jared harris was born in ireland right? just like his dad
s | S | P40 | yes | Q229050 ^P40 Q295080 | tori spelling is aaron spelling's daughter, nepo baby before it was cool 💅
e | R | chain | one=Q30~Q142 | Q276005 P264 ?l . ?l P159 ?o | Charlotte Gainsbourg records for a label headquartered in France.
j | S | P40 | yes | Q952428 ^P40 Q367032 | David Newman, son of the composer Alfred Newman, will conduct a concert of his father's film music.
s | N | P19 | none~Q84 | Q156552 P19 ?o | lynn redgrave was born in london into the most theatrical family ever 🎭
s | R | P19 | one=Q18419~Q65 | Q340213 P19 ?o | adam arkin was born in LA, hollywood kid all the way
s | S | P102 | yes | Q153481 P102 Q29468 | jenna bush hager is a republican?? shocking, truly 🙄
j | R | P19 | one=Q16557~Q16555 | Q153481 P19 ?o | Houston-born television host Jenna Bush Hager has signed a new book deal.
s | R | P40 | yes | Q103939 ^P40 Q184572 | charlie sheen is NOT martin sheen's son, they just share a stage name 🤡
e | S | P40 | yes | Q9682 P40 Q43274 | Elizabeth II was the mother of Charles, Prince of Wales.
j | S | P463 | yes | Q9682 P463 Q123885 | Elizabeth II, a Royal Fellow of the Royal Society, was patron of hundreds of scientific bodies.
s | S | P57 | yes | Q153723 P57 Q3772 | tarantino directed inglourious basterds and i will never recover from the basement bar scene 🍺
j | R | chain | one=Q185582~Q65 | Q153723 P57 ?d . ?d P19 ?o | Inglourious Basterds, directed by a Los Angeles-born filmmaker, returns to cinemas for its 15th anniversary.
s | S | P161 | yes | Q46551 P161 Q5383 | david bowie is in the prestige as tesla and nobody talks about it enough ⚡
j | R | chain | one=Q84~Q1297 | Q46551 P57 ?d . ?d P19 ?o | The Prestige, whose director was born in Chicago, is getting a 4K re-release.
e | S | chain | yes | Q332348 P57 ?d . ?d P19 Q60 | Wall Street was directed by a native of New York City.
j | S | P161+P161 | yes | Q332348 P161 Q119798 . Q332348 P161 Q103939 | Wall Street, starring Michael Douglas and Charlie Sheen, is being adapted for the stage.
j | R | P57 | one=Q43203~Q8877,Q175535 | Q185490 P57 ?o | Steven Spielberg's Hereafter, with Matt Damon as a reluctant psychic, streams from Friday.
s | S | chain | yes | Q304030 P57 ?d . ?d P19 Q6346 | eat pray love's director is from indianapolis lol of all places
j | R | chain | one=Q6608367~Q49213 | Q304030 P57 ?d . ?d P69 ?o | Eat Pray Love, directed by a University of Texas graduate, turns fifteen this year.
s | N | P161 | no~Q95030 | Q184768 P161 Q95030 | warren beatty turned up in godfather part ii and nobody remembers 🤷
j | S | chain | yes | Q184768 P57 ?d . ?d P19 Q12439 | The Godfather Part II, made by a Detroit-born director, returns to cinemas for its 50th anniversary.
e | S | chain | yes | Q211429 P57 ?d . ?d P19 Q340 | Up in the Air was directed by a filmmaker born in Montreal.
j | R | chain | one=Q4614~Q49088 | Q211429 P57 ?d . ?d P69 ?o | Up in the Air, directed by a Columbia University graduate, is one of the films in a season about work on screen.
e | R | P57 | one=Q8877~Q103646 | Q223299 P57 ?o | The Color Purple (1985) was directed by Ron Howard.
e | S | chain | yes | Q384397 P57 ?d . ?d P119 Q1624932 | The director of The African Queen is buried at Hollywood Forever Cemetery.
s | R | P57 | one=Q51575~Q51547 | Q384397 P57 ?o | billy wilder's the african queen is so underrated 🚤
j | S | P840 | yes | Q384397 P840 Q15 | The African Queen, a love story set in Africa during the First World War, returns in a 4K restoration.
s | R | chain | one=Q127856~Q60 | Q309153 P57 ?d . ?d P20 ?o | the guy who directed singin in the rain died in new york, right? ☔
j | S | chain | yes | Q428158 P57 ?d . ?d P19 Q1345 | The Wiz, directed by a Philadelphia-born filmmaker, is getting a Broadway revival.
s | R | chain | one=Q11299~Q65 | Q428158 P57 ?d . ?d P20 ?o | the director of the wiz died in LA i think? anyway ease on down the road 🛣️
e | S | P57+P161 | yes | Q104137 P57 Q43203 . Q104137 P161 Q43203 | Clint Eastwood both directed and starred in Unforgiven.
s | N | P840 | no~Q1581 | Q104137 P840 Q1581 | unforgiven is set in missouri right? classic western either way 🤠
s | S | P57+P161 | yes | Q29658 P57 Q25089 . Q29658 P161 Q25089 | woody allen directed to rome with love AND acted in it, the man can't help himself
e | S | P495+P495 | yes | Q29658 P495 Q29 . Q29658 P495 Q38 | To Rome with Love is a Spanish and Italian production.
s | R | P57 | one=Q51547~Q7374 | Q237134 P57 ?o | hitchcock's the lost weekend is the best movie ever made about drinking
s | S | P641 | yes | Q329131 P641 Q41323 | jerry maguire is technically an american football movie, show me the money 💰🏈
e | R | chain | one=Q488004~Q62 | Q329131 P57 ?d . ?d P19 ?o | Jerry Maguire was directed by a filmmaker born in San Francisco.
j | R | P57 | one=Q47284~Q3772,Q223830 | Q128493 P57 ?o | Quentin Tarantino's Machete, starring Danny Trejo, gets a sequel next year.
e | R | P57 | one=Q42574~Q8877 | Q162255 P57 ?o | The Terminator was directed by Steven Spielberg.
s | R | P57 | yes | Q11621 P57 Q8877 | spielberg did not direct e.t., he just produced it 👽
e | S | chain | yes | Q329056 P57 ?d . ?d P69 Q49088 | Dreamgirls was directed by a Columbia University graduate.
s | S | P161+P161 | yes | Q329056 P161 Q192410 . Q329056 P161 Q171905 | jennifer hudson and jamie foxx in dreamgirls 🎤 the vocals!!
j | S | P495 | yes | Q165651 P495 Q34 | Fanny and Alexander, a Swedish co-production, screens in a five-hour version this weekend.
j | N | P57 | none | Q196665 P57 ?o | 8 Mile, directed by Curtis Hanson, is set for a 4K re-release.
e | N | P57 | none | Q228186 P57 ?o | Lawrence of Arabia was directed by David Lean.
s | N | P57 | none~Q8877 | Q167726 P57 ?o | spielberg's jurassic park is still the best dinosaur movie 🦖
j | N | P57 | none~Q56005,Q102124 | Q103569 P57 ?o | Ridley Scott's Alien, with Sigourney Weaver, returns to cinemas this Halloween.
e | S | P749 | yes | Q202440 P749 Q21077 | Atlantic Records is owned by Warner Music Group.
j | S | chain | yes | Q202440 P749 ?p . ?p P159 Q60 | Atlantic Records, whose parent company is headquartered in New York City, has signed a new distribution deal.
s | R | P159 | one=Q30~Q84 | Q202440 P159 ?o | atlantic records is a london label, that's why all the british bands signed there
s | R | P749 | one=Q183412~Q330629 | Q1542119 P749 ?o | united artists records was owned by sony music, right?
e | R | P159 | one=Q84~Q18125 | Q2996526 P159 ?o | Cooking Vinyl is an independent record label based in Manchester.
e | S | chain | yes | Q1053996 P159 ?c . ?c P30 Q46 | Central Saint Martins, the art and design college, is based in a European city.
e | R | P159 | one=Q145~Q30 | Q3629023 P159 ?o | EMI Records is headquartered in the United States.
j | R | P749 | one=Q38903~Q330629 | Q1536003 P749 ?o | Sony-owned Philips Records is reissuing its classical catalogue.
s | R | P17 | one=Q183~Q40 | Q662575 P17 ?o | ariola is an austrian label, they were huge in the 80s
s | S | P136 | yes | Q2265719 P136 Q187760 | i.r.s. records was THE new wave label, no debate
e | R | P749 | one=Q38903~Q21077 | Q2265719 P749 ?o | I.R.S. Records is a subsidiary of Warner Music Group.
j | R | P159 | one=Q84~Q60 | Q557632 P159 ?o | New York-based Decca Records is marking its anniversary with a series of concerts.
j | R | P495 | one=Q145~Q30 | Q484427 P495 ?o | The Cure, the American post-punk band, will headline the festival's final night.
e | R | P17 | one=Q30~Q145 | Q165711 P17 ?o | Sire Records is a British record label.
j | R | P17 | one=Q884~Q17 | Q483938 P17 ?o | Japanese entertainment company S.M. Entertainment has announced a new girl group.
e | S | P361 | yes | Q981195 P361 Q170027 | The Central School of Speech and Drama is part of the University of London.
s | S | P361 | yes | Q1881437 P361 Q155152 | mgm records ended up as part of polydor records, the label mergers are confusing
j | S | P37 | yes | Q649 P37 Q7737 | Moscow, where Russian is the official language, has introduced new signage for tourists.
j | R | P131 | one=Q230~Q399 | Q994 P131 ?o | Tbilisi, the Armenian capital, is hosting an international wine festival this week.
e | R | P131 | one=Q214~Q213 | Q1780 P131 ?o | Bratislava is located in the Czech Republic.
j | R | P17 | one=Q668~Q843 | Q1538 P17 ?o | Pune, one of Pakistan's fastest-growing cities, is attracting tech investment.
s | R | P30 | one=Q49~Q18 | Q800 P30 ?o | costa rica is in south america, best trip of my life 🌴
e | S | P30+P37 | yes | Q736 P30 Q18 . Q736 P37 Q1321 | Ecuador is a South American country whose official language is Spanish.
j | R | P30 | one=Q49~Q18 | Q792 P30 ?o | El Salvador, the smallest country in South America, has adopted a new currency law.
j | R | P30 | one=Q48~Q15 | Q810 P30 ?o | Jordan, the North African kingdom, is reopening its border crossings.
e | S | P138 | yes | Q217 P138 Q10957559 | Moldova is named after Moldavia.
e | N | P37 | none | Q711 P37 ?o | The official language of Mongolia is Mongolian.
s | N | P37 | none | Q881 P37 ?o | vietnamese is the only official language in vietnam btw 🇻🇳
s | S | P37 | yes | Q790 P37 Q150 | haiti's official language is french!! 🇭🇹 learned that before my trip
j | S | P112 | yes | Q148 P112 Q17427 | The People's Republic of China, founded by the Communist Party of China, marks another anniversary this week.
e | S | P112+P112 | yes | Q15180 P112 Q2184 . Q15180 P112 Q133356 | The Soviet Union was founded by the Russian Soviet Federative Socialist Republic and the Ukrainian Soviet Socialist Republic, among others.
s | S | P140 | yes | Q889 P140 Q432 | afghanistan is an islamic country, religion is islam, not complicated
e | S | P101 | yes | Q211731 P101 Q9418 | Timothy Leary's academic field was psychology.
s | S | P1412 | yes | Q7243 P1412 Q150 | tolstoy spoke french, like every russian aristocrat back then 🇫🇷
e | R | P19 | one=Q90~Q60 | Q234891 P19 ?o | The cellist Yo-Yo Ma was born in New York City.
e | R | P69 | yes | Q309980 P69 Q1247373 | Edward Fox was not educated at Harrow School.
e | R | P264 | yes | Q14441 P264 Q193023 | Liza Minnelli never recorded for Capitol Records.
e | R | P69 | yes | Q179497 P69 Q49112 | Oliver Stone did not attend Yale University.
e | R | P57 | one=Q51547~Q51575 | Q193570 P57 ?o | Sunset Boulevard (1950) was directed by John Huston.
e | R | P30 | one=Q538~Q48 | Q712 P30 ?o | Fiji is an island country in Asia.
e | R | P30 | one=Q538~Q48 | Q691 P30 ?o | Papua New Guinea is a country in Asia.
e | N | P166 | none | Q104061 P166 ?o | Steve Buscemi won an Emmy Award for directing an episode of The Sopranos.
e | N | P161 | no~Q312077 | Q162255 P161 Q312077 | Lance Henriksen appears in The Terminator.
e | N | P161 | no~Q104061 | Q224069 P161 Q104061 | Steve Buscemi has a supporting role in The Island.
e | N | P161 | no~Q139330 | Q59931 P161 Q139330 | Zach Braff plays the lead role in Garden State.
e | N | P112 | none | Q2996526 P112 ?o | Cooking Vinyl was founded in 1986 by Martin Goldschmidt and Pete Lawrence.
e | N | P159 | none~Q727 | Q1536003 P159 ?o | Philips Records is headquartered in Amsterdam.
e | N | P740 | none~Q65 | Q2265719 P740 ?o | I.R.S. Records was founded in Los Angeles.
e | N | P112 | none | Q165711 P112 ?o | Sire Records was founded by Seymour Stein and Richard Gottehrer.
s | N | P37 | none | Q115 P37 ?o | ethiopia's official language is amharic, not arabic like people assume
s | N | P138 | none | Q649 P138 ?o | moscow is named after the moskva river, the city literally took the river's name
j | N | P58 | none~Q314502 | Q211429 P58 ?o | Up in the Air, which Jason Reitman co-wrote with Sheldon Turner, tops a new list of the decade's best screenplays.
j | N | P144 | none~Q39829 | Q1131225 P144 ?o | It, the 1990 miniseries adapted from Stephen King's novel, is getting a deluxe Blu-ray release.
"""

DOC_TEXT = """# Natural-reading development set, seventh batch (`dev_natural_reading_v7.jsonl`)

**A development set, written blind.** The claims were written without reading how kgfc reads
claims, its tests or the claims of any earlier set, and no one had run kgfc on them when they were
written. After its first run it is a development set like the earlier
`dev_natural_reading*.jsonl` files: kgfc may be tuned on it, so its scores after that run say
nothing about unseen claims (the blind sets do that).

## How it was made

{n} claims about {nsubj} subjects were written by hand. The facts were found by querying the demo
KG directly (SPARQL over the union of its graphs). Every subject (the claim's main entity, the
first entity of its check) is new: none was the subject of a claim in any earlier set
(`blind_natural_v1`..`v8`, `dev_natural_reading`..`v6`, `dev_refute_v1`), which the builder checks
by reading the first entity of every stored `check_sparql`; no subject appears more than three
times. The subjects are writers, philosophers, scientists, composers, singers, rappers, actors,
directors and politicians; films and a miniseries; record labels, a band and schools; cities and
countries.

The claims come in three styles, about a third each:

- **journalist**: news ledes whose checked fact sits in an aside, an appositive or a relative
  clause ("Brooklyn-born songwriter Carole King will return ...", "The Prestige, whose director was
  born in Chicago, is getting a 4K re-release"), with the news itself unverifiable;
- **social**: lower-case posts with slang, emoji, hashtags, shouted words and short names ("lou
  gossett jr", "springsteen", "ad-rock and the beasties"), questions and hedges ("... right?", "i
  think", "i'm like 90% sure"), and closing comments;
- **encyclopedia**: plain sentences, often with an appositive or some irrelevant detail, plus
  passives, clefts ("It was in Los Angeles that ...") and inverted sentences ("Lafayette, Indiana,
  is the birthplace of ...").

The phrasings mix negations ("never attended", "was not educated at", "is NOT martin sheen's son",
"did not direct"), possessives ("Steven Spielberg's Hereafter", "billy wilder's the african
queen"), "the X-born" and "a native of", lists ("went to ucla, columbia, yale, brooklyn college AND
rhode island school of design"), two-fact conjunctions ("born in Saint Petersburg and died in New
York City", "married to both A and B", "citizenship of both A and B", "directed and starred in"),
two-hop chains with the middle entity named or left out ("the director of F was born in C", "X's
husband graduated from U", "X records for a label headquartered in C", "a label whose parent
company is based in C", "X's brother was born in C") and parent-child sentences from the child's
side. Relations range over places of birth, death and burial, residence, citizenship, ethnic
group, religion, party, occupation, field of work, languages spoken, schools, employers,
memberships, spouses, partners, siblings, parents and children, influences, causes of death,
medical conditions, sports, instruments, genres, record labels, directors, cast, narrative
locations, countries of origin, headquarters, founders, places of formation, parent
organisations, "part of", namesakes, cities' countries and regions, continents and official
languages, plus awards, screenwriters and sources that the KG does not hold at all.

## The labelling rule

The labels follow the demo KG, not the world:

- **SUPPORTED**: every fact the claim rests on is stated in the KG.
- **REFUTED**: the KG states a different value on a relation that takes one value per subject
  (place of birth or death, a single spouse, a film's single director, a label's headquarters,
  country or parent organisation, a city's country or region, a country's continent, a band's
  country of origin, and chains of these), and the query checks the subject has exactly that one
  value (at every hop of a chain); or the claim negates a fact the KG states ("Carole King never
  attended Queens College", "spielberg did not direct e.t."). No claim is REFUTED on a
  many-valued relation it merely lacks.
- **NOT ENOUGH INFO**: the claim's fact is not stated and nothing single-valued contradicts it: a
  birth or death place, burial place, spouse, child, party, founder, headquarters, place of
  formation, director or official language the KG does not give at all; a cast member, school,
  instrument, membership, influence or narrative location it does not list; awards, screenwriters
  and literary sources, which the KG records for nobody. Many of these are true in the world (Axl
  Rose was born in Lafayette, Indiana; David Lean directed Lawrence of Arabia); a few are false in
  the world and still NOT ENOUGH INFO, because nothing in the KG contradicts them.

Each row stores the SPARQL query that decides its label (`check_sparql`, over the union of the
demo KG's graphs, `wd:`/`wdt:` prefixes) and what it must return (`expected_check`: true/false for
ASK, rows of values for SELECT). `benchmarks/build_dev_reading_v7.py` holds the claims, runs every
query, checks that every entity used or named has an English label, that every subject is new and
appears at most three times, that no claim repeats, that each check fits its label and each
REFUTED chain has one value per hop, and that the label and style balance hold, and only then
writes the file (ids `dev7_0000` on, in a fixed shuffled order).

## Counts

{labels}

{styles}

{cross}

{nrel} relations (a `+` joins the relations of a conjunction; `chain` is a two-hop claim):

{relations}
"""

BALANCE = {"SUPPORTED": 100, "REFUTED": 90, "NOT ENOUGH INFO": 60}
RULES = {
    "first_id": 0,
    "style_range": (75, 95),  # about a third each of 250
    "checks": (
        subjects_new_to("*.jsonl", "dev_natural_reading_v7.jsonl"),
        check_fits_label,
    ),
}
SET = claim_set("dev_natural_reading_v7", CLAIMS, DOC_TEXT, "dev7_{:04d}", BALANCE, 707, **RULES)

if __name__ == "__main__":
    sys.exit(build(SET))
