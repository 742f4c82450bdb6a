"""Writes documents_blind2.jsonl: a second blind document set, written without looking at kgfc's code,
its tests or the other document sets' texts. Never tune kgfc on it (see BLIND2.md).

Same row format as build_blind.py. Each sentence: (text, kind, refers_to, claims). kind is
"worthy" or why it is not (opinion, question, prediction, quote, speculation, not_covered,
heading); refers_to is (mention, QID) for a sentence that leans on a pronoun, short name or
description from before; claims are (claim as checked by hand, label, triples) where triples
are (S, P, O) ids the label rests on. "¶" starts a new paragraph. Labels follow the demo KG,
not the world: common.build checks each one with SPARQL and stores the query.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import write  # noqa: E402

S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

CASSAVETES, COLE, GAINSBOURG, ROTH, SCHELL = "Q51488", "Q231942", "Q1698", "Q187019", "Q153018"
SCHOENBERG, RICKLES, MOREAU, BAUDELAIRE, HESTON = "Q154770", "Q269890", "Q106099", "Q501", "Q80739"
SHOSTAKOVICH, WEBER, ROTA, ROBESON, STACK = "Q80135", "Q9387", "Q214665", "Q273233", "Q355153"
RFK, TED, MISES, STRIPES, JACK = "Q25310", "Q134549", "Q84233", "Q268160", "Q272031"
COLDPLAY, MARTIN, LIZZY = "Q45188", "Q712860", "Q202314"
SEVILLE, BERN, ALEXANDRIA, RIO = "Q8717", "Q70", "Q87", "Q8678"

DOCS = [
    ("blind2-01", "bio", [
        ("John Cassavetes was an American film actor, screenwriter and film producer.", "worthy", None, [
            ("John Cassavetes was an American film actor.", S, [(CASSAVETES, "P106", "Q10800557"), (CASSAVETES, "P27", "Q30")]),
            ("John Cassavetes was an American screenwriter.", S, [(CASSAVETES, "P106", "Q28389"), (CASSAVETES, "P27", "Q30")]),
            ("John Cassavetes was an American film producer.", S, [(CASSAVETES, "P106", "Q3282637"), (CASSAVETES, "P27", "Q30")]),
        ]),
        ("Born in New York City in 1929, he trained at the American Academy of Dramatic Arts.", "worthy", ("he", CASSAVETES), [
            ("John Cassavetes was born in New York City.", S, [(CASSAVETES, "P19", "Q60")]),
            ("John Cassavetes studied at the American Academy of Dramatic Arts.", S, [(CASSAVETES, "P69", "Q389336")]),
        ]),
        ("Cassavetes was married to the actress Gena Rowlands, who starred in many of his films.", "worthy", ("Cassavetes", CASSAVETES), [
            ("John Cassavetes was married to Gena Rowlands.", S, [(CASSAVETES, "P26", "Q229258")]),
        ]),
        ("Many critics call him the father of American independent film.", "opinion", ("him", CASSAVETES), []),
        ("He also wrote for the stage as a playwright.", "worthy", ("He", CASSAVETES), [
            ("John Cassavetes was a playwright.", N, [(CASSAVETES, "P106", "Q214917")]),
        ]),
        ("He died in Los Angeles and was buried at Westwood Village Memorial Park Cemetery.", "worthy", ("He", CASSAVETES), [
            ("John Cassavetes died in Los Angeles.", S, [(CASSAVETES, "P20", "Q65")]),
            ("John Cassavetes was buried at Westwood Village Memorial Park Cemetery.", S, [(CASSAVETES, "P119", "Q1358639")]),
        ]),
    ]),
    ("blind2-02", "news", [
        ("Natalie Cole, the singer and pianist, was born in New York City.", "worthy", None, [
            ("Natalie Cole was a singer.", S, [(COLE, "P106", "Q177220")]),
            ("Natalie Cole was a pianist.", S, [(COLE, "P106", "Q486748")]),
            ("Natalie Cole was born in New York City.", R, [(COLE, "P19", "Q60")]),
        ]),
        ("In fact, Cole was born in Los Angeles, where she also died.", "worthy", ("Cole", COLE), [
            ("Natalie Cole was born in Los Angeles.", S, [(COLE, "P19", "Q65")]),
            ("Natalie Cole died in Los Angeles.", S, [(COLE, "P20", "Q65")]),
        ]),
        ("She studied at the University of Massachusetts Amherst.", "worthy", ("She", COLE), [
            ("Natalie Cole studied at the University of Massachusetts Amherst.", S, [(COLE, "P69", "Q15142")]),
        ]),
        ("Reportedly, she recorded for Capitol Records and Motown Records.", "worthy", ("she", COLE), [
            ("Natalie Cole recorded for Capitol Records.", S, [(COLE, "P264", "Q193023")]),
            ("Natalie Cole recorded for Motown Records.", N, [(COLE, "P264", "Q43327")]),
        ]),
        ("Her voice, one reviewer wrote, was \"smoke and honey\".", "quote", ("Her", COLE), []),
        ("Will anyone ever sing like her again?", "question", ("her", COLE), []),
    ]),
    ("blind2-03", "social", [
        ("Serge Gainsbourg was a singer, a painter and a film director.", "worthy", None, [
            ("Serge Gainsbourg was a singer.", S, [(GAINSBOURG, "P106", "Q177220")]),
            ("Serge Gainsbourg was a painter.", S, [(GAINSBOURG, "P106", "Q1028181")]),
            ("Serge Gainsbourg was a film director.", S, [(GAINSBOURG, "P106", "Q2526255")]),
        ]),
        ("Born and died in Paris, the man never really left the city.", "worthy", ("the man", GAINSBOURG), [
            ("Serge Gainsbourg was born in Paris.", S, [(GAINSBOURG, "P19", "Q90")]),
            ("Serge Gainsbourg died in Paris.", S, [(GAINSBOURG, "P20", "Q90")]),
        ]),
        ("He died of a heart attack in 1991, btw.", "worthy", ("He", GAINSBOURG), [
            ("Serge Gainsbourg died of a heart attack.", S, [(GAINSBOURG, "P509", "Q12152")]),
        ]),
        ("Gainsbourg recorded for Mercury Records and played the trumpet.", "worthy", ("Gainsbourg", GAINSBOURG), [
            ("Serge Gainsbourg recorded for Mercury Records.", S, [(GAINSBOURG, "P264", "Q165745")]),
            ("Serge Gainsbourg played the trumpet.", N, [(GAINSBOURG, "P1303", "Q8338")]),
        ]),
        ("Charlotte Gainsbourg is his daughter.", "worthy", ("his", GAINSBOURG), [
            ("Charlotte Gainsbourg is a child of Serge Gainsbourg.", S, [(GAINSBOURG, "P40", "Q276005")]),
        ]),
        ("Honestly the greatest French songwriter of all time.", "opinion", None, []),
    ]),
    ("blind2-04", "bio", [
        ("Philip Roth", "heading", None, []),
        ("¶", None, None, []),
        ("Philip Roth was an American writer who taught at Princeton University and the University of Pennsylvania.", "worthy", None, [
            ("Philip Roth was an American writer.", S, [(ROTH, "P106", "Q36180"), (ROTH, "P27", "Q30")]),
            ("Philip Roth worked at Princeton University.", S, [(ROTH, "P108", "Q21578")]),
            ("Philip Roth worked at the University of Pennsylvania.", S, [(ROTH, "P108", "Q49117")]),
        ]),
        ("He was born in Newark, New Jersey, in 1933.", "worthy", ("He", ROTH), [
            ("Philip Roth was born in Newark.", S, [(ROTH, "P19", "Q25395")]),
        ]),
        ("Roth studied at Rutgers University and the University of Chicago.", "worthy", ("Roth", ROTH), [
            ("Philip Roth studied at Rutgers University.", S, [(ROTH, "P69", "Q499451")]),
            ("Philip Roth studied at the University of Chicago.", S, [(ROTH, "P69", "Q131252")]),
        ]),
        ("He also spent a year at Harvard University.", "worthy", ("He", ROTH), [
            ("Philip Roth studied at Harvard University.", N, [(ROTH, "P69", "Q13371")]),
        ]),
        ("The novelist died in Newark in 2018.", "worthy", ("The novelist", ROTH), [
            ("Philip Roth died in Newark.", R, [(ROTH, "P20", "Q25395")]),
        ]),
        ("He is buried at Bard College.", "worthy", ("He", ROTH), [
            ("Philip Roth is buried at Bard College.", S, [(ROTH, "P119", "Q49109")]),
        ]),
    ]),
    ("blind2-05", "news", [
        ("Actor Maximilian Schell, who also worked as a film director, was born in Munich.", "worthy", None, [
            ("Maximilian Schell was an actor.", S, [(SCHELL, "P106", "Q33999")]),
            ("Maximilian Schell was a film director.", S, [(SCHELL, "P106", "Q2526255")]),
            ("Maximilian Schell was born in Munich.", R, [(SCHELL, "P19", "Q1726")]),
        ]),
        ("Schell held both Swiss and Austrian citizenship.", "worthy", ("Schell", SCHELL), [
            ("Maximilian Schell was a citizen of Switzerland.", S, [(SCHELL, "P27", "Q39")]),
            ("Maximilian Schell was a citizen of Austria.", S, [(SCHELL, "P27", "Q40")]),
        ]),
        ("He studied at the University of Zurich and the University of Basel.", "worthy", ("He", SCHELL), [
            ("Maximilian Schell studied at the University of Zurich.", S, [(SCHELL, "P69", "Q206702")]),
            ("Maximilian Schell studied at the University of Basel.", S, [(SCHELL, "P69", "Q372608")]),
        ]),
        ("He died in Innsbruck in 2014.", "worthy", ("He", SCHELL), [
            ("Maximilian Schell died in Innsbruck.", S, [(SCHELL, "P20", "Q1735")]),
        ]),
        ("A retrospective of his films opens in Vienna next month.", "not_covered", ("his", SCHELL), []),
        ("Organizers expect every screening to sell out.", "prediction", None, []),
    ]),
    ("blind2-06", "bio", [
        ("Arnold Schoenberg was an Austrian composer, painter and musicologist.", "worthy", None, [
            ("Arnold Schoenberg was an Austrian composer.", S, [(SCHOENBERG, "P106", "Q36834"), (SCHOENBERG, "P27", "Q40")]),
            ("Arnold Schoenberg was an Austrian painter.", S, [(SCHOENBERG, "P106", "Q1028181"), (SCHOENBERG, "P27", "Q40")]),
            ("Arnold Schoenberg was an Austrian musicologist.", S, [(SCHOENBERG, "P106", "Q14915627"), (SCHOENBERG, "P27", "Q40")]),
        ]),
        ("He was born in Vienna.", "worthy", ("He", SCHOENBERG), [
            ("Arnold Schoenberg was born in Vienna.", S, [(SCHOENBERG, "P19", "Q1741")]),
        ]),
        ("In 1933 Schoenberg left Europe and settled in Los Angeles.", "worthy", ("Schoenberg", SCHOENBERG), [
            ("Arnold Schoenberg lived in Los Angeles.", N, [(SCHOENBERG, "P551", "Q65")]),
        ]),
        ("The composer died in Vienna.", "worthy", ("The composer", SCHOENBERG), [
            ("Arnold Schoenberg died in Vienna.", R, [(SCHOENBERG, "P20", "Q1741")]),
        ]),
        ("His twelve-tone method is still hard to love.", "opinion", ("His", SCHOENBERG), []),
        ("Did he ever regret leaving?", "question", ("he", SCHOENBERG), []),
    ]),
    ("blind2-07", "social", [
        ("Fun fact: Don Rickles was born in Brooklyn.", "worthy", None, [
            ("Don Rickles was born in Brooklyn.", R, [(RICKLES, "P19", "Q18419")]),
        ]),
        ("Correction, he was born in Queens and studied at the American Academy of Dramatic Arts.", "worthy", ("he", RICKLES), [
            ("Don Rickles was born in Queens.", S, [(RICKLES, "P19", "Q18424")]),
            ("Don Rickles studied at the American Academy of Dramatic Arts.", S, [(RICKLES, "P69", "Q389336")]),
        ]),
        ("Rickles even put out comedy records on Warner Bros. Records.", "worthy", ("Rickles", RICKLES), [
            ("Don Rickles recorded for Warner Bros. Records.", S, [(RICKLES, "P264", "Q843402")]),
        ]),
        ("He died in Beverly Hills in 2017, of kidney failure.", "worthy", ("He", RICKLES), [
            ("Don Rickles died in Beverly Hills.", S, [(RICKLES, "P20", "Q127856")]),
            ("Don Rickles died of kidney failure.", S, [(RICKLES, "P509", "Q476921")]),
        ]),
        ("Still the funniest insult comic ever, imo.", "opinion", None, []),
    ]),
    ("blind2-08", "bio", [
        ("Born in Paris", "heading", None, []),
        ("Jeanne Moreau and Charles Baudelaire were both born in Paris.", "worthy", None, [
            ("Jeanne Moreau was born in Paris.", S, [(MOREAU, "P19", "Q90")]),
            ("Charles Baudelaire was born in Paris.", S, [(BAUDELAIRE, "P19", "Q90")]),
        ]),
        ("Moreau studied at the Conservatoire de Paris.", "worthy", ("Moreau", MOREAU), [
            ("Jeanne Moreau studied at the Conservatoire de Paris.", S, [(MOREAU, "P69", "Q463055")]),
        ]),
        ("Baudelaire was a poet, translator and art critic.", "worthy", ("Baudelaire", BAUDELAIRE), [
            ("Charles Baudelaire was a poet.", S, [(BAUDELAIRE, "P106", "Q49757")]),
            ("Charles Baudelaire was a translator.", S, [(BAUDELAIRE, "P106", "Q333634")]),
            ("Charles Baudelaire was an art critic.", S, [(BAUDELAIRE, "P106", "Q4164507")]),
        ]),
        ("He died in Brussels in 1867, a victim of syphilis.", "worthy", ("He", BAUDELAIRE), [
            ("Charles Baudelaire died in Brussels.", R, [(BAUDELAIRE, "P20", "Q239")]),
            ("Charles Baudelaire died of syphilis.", S, [(BAUDELAIRE, "P509", "Q41083")]),
        ]),
        ("The actress is buried in Montmartre Cemetery.", "worthy", ("The actress", MOREAU), [
            ("Jeanne Moreau is buried in Montmartre Cemetery.", S, [(MOREAU, "P119", "Q746647")]),
        ]),
        ("Few screen voices were as memorable as hers.", "opinion", ("hers", MOREAU), []),
    ]),
    ("blind2-09", "bio", [
        ("Charlton Heston, the actor and film director, was born in Chicago.", "worthy", None, [
            ("Charlton Heston was an actor.", S, [(HESTON, "P106", "Q33999")]),
            ("Charlton Heston was a film director.", S, [(HESTON, "P106", "Q2526255")]),
            ("Charlton Heston was born in Chicago.", R, [(HESTON, "P19", "Q1297")]),
        ]),
        ("He studied at Northwestern University.", "worthy", ("He", HESTON), [
            ("Charlton Heston studied at Northwestern University.", S, [(HESTON, "P69", "Q309350")]),
        ]),
        ("Heston was a member of the Republican Party.", "worthy", ("Heston", HESTON), [
            ("Charlton Heston was a member of the Republican Party.", S, [(HESTON, "P102", "Q29468")]),
        ]),
        ("He also worked as a film producer.", "worthy", ("He", HESTON), [
            ("Charlton Heston was a film producer.", N, [(HESTON, "P106", "Q3282637")]),
        ]),
        ("He died in Beverly Hills in 2008.", "worthy", ("He", HESTON), [
            ("Charlton Heston died in Beverly Hills.", S, [(HESTON, "P20", "Q127856")]),
        ]),
        ("Ben-Hur remains the greatest epic ever filmed.", "opinion", None, []),
    ]),
    ("blind2-10", "news", [
        ("Dmitri Shostakovich, the Soviet pianist and composer, was born in Saint Petersburg in 1906.", "worthy", None, [
            ("Dmitri Shostakovich was a Soviet pianist.", S, [(SHOSTAKOVICH, "P106", "Q486748"), (SHOSTAKOVICH, "P27", "Q15180")]),
            ("Dmitri Shostakovich was a composer.", N, [(SHOSTAKOVICH, "P106", "Q36834")]),
            ("Dmitri Shostakovich was born in Saint Petersburg.", S, [(SHOSTAKOVICH, "P19", "Q656")]),
        ]),
        ("He taught at the Moscow Conservatory.", "worthy", ("He", SHOSTAKOVICH), [
            ("Dmitri Shostakovich worked at the Moscow Conservatory.", S, [(SHOSTAKOVICH, "P108", "Q215539")]),
        ]),
        ("Shostakovich had studied at the Saint Petersburg Conservatory.", "worthy", ("Shostakovich", SHOSTAKOVICH), [
            ("Dmitri Shostakovich studied at the Saint Petersburg Conservatory.", S, [(SHOSTAKOVICH, "P69", "Q178416")]),
        ]),
        ("He died in Leningrad in 1975.", "worthy", ("He", SHOSTAKOVICH), [
            ("Dmitri Shostakovich died in Saint Petersburg.", R, [(SHOSTAKOVICH, "P20", "Q656")]),
        ]),
        ("Reportedly, he kept a packed suitcase by the door for years.", "not_covered", ("he", SHOSTAKOVICH), []),
        ("His Fifth Symphony will be performed in Moscow on Friday.", "prediction", ("His", SHOSTAKOVICH), []),
    ]),
    ("blind2-11", "bio", [
        ("Max Weber was a sociologist, economist and historian.", "worthy", None, [
            ("Max Weber was a sociologist.", S, [(WEBER, "P106", "Q2306091")]),
            ("Max Weber was an economist.", S, [(WEBER, "P106", "Q188094")]),
            ("Max Weber was a historian.", S, [(WEBER, "P106", "Q201788")]),
        ]),
        ("He was born in Erfurt.", "worthy", ("He", WEBER), [
            ("Max Weber was born in Erfurt.", S, [(WEBER, "P19", "Q1729")]),
        ]),
        ("Weber taught at Heidelberg University and the University of Vienna.", "worthy", ("Weber", WEBER), [
            ("Max Weber worked at Heidelberg University.", S, [(WEBER, "P108", "Q151510")]),
            ("Max Weber worked at the University of Vienna.", S, [(WEBER, "P108", "Q165980")]),
        ]),
        ("He had studied at the Humboldt University of Berlin as well.", "worthy", ("He", WEBER), [
            ("Max Weber studied at the Humboldt University of Berlin.", S, [(WEBER, "P69", "Q152087")]),
        ]),
        ("The scholar died in Heidelberg in 1920.", "worthy", ("The scholar", WEBER), [
            ("Max Weber died in Heidelberg.", R, [(WEBER, "P20", "Q2966")]),
        ]),
        ("His essay on the Protestant ethic is, in my view, overrated.", "opinion", ("His", WEBER), []),
    ]),
    ("blind2-12", "social", [
        ("Just learned that Nino Rota, who scored The Godfather, was born in Milan!", "worthy", None, [
            ("Nino Rota was born in Milan.", S, [(ROTA, "P19", "Q490")]),
        ]),
        ("He studied at the Curtis Institute of Music.", "worthy", ("He", ROTA), [
            ("Nino Rota studied at the Curtis Institute of Music.", S, [(ROTA, "P69", "Q60450")]),
        ]),
        ("Rota died in Milan too.", "worthy", ("Rota", ROTA), [
            ("Nino Rota died in Milan.", R, [(ROTA, "P20", "Q490")]),
        ]),
        ("Wait, no, he died in Rome.", "worthy", ("he", ROTA), [
            ("Nino Rota died in Rome.", S, [(ROTA, "P20", "Q220")]),
        ]),
        ("Was he also a conductor?", "question", ("he", ROTA), []),
        ("His waltzes are pure magic.", "opinion", ("His", ROTA), []),
    ]),
    ("blind2-13", "news", [
        ("Paul Robeson, a singer, stage actor and lawyer, was born in Newark, New Jersey.", "worthy", None, [
            ("Paul Robeson was a singer.", S, [(ROBESON, "P106", "Q177220")]),
            ("Paul Robeson was a stage actor.", S, [(ROBESON, "P106", "Q2259451")]),
            ("Paul Robeson was a lawyer.", S, [(ROBESON, "P106", "Q40348")]),
            ("Paul Robeson was born in Newark.", R, [(ROBESON, "P19", "Q25395")]),
        ]),
        ("He attended Columbia Law School.", "worthy", ("He", ROBESON), [
            ("Paul Robeson studied at Columbia Law School.", S, [(ROBESON, "P69", "Q1149089")]),
        ]),
        ("Robeson also played American football.", "worthy", ("Robeson", ROBESON), [
            ("Paul Robeson played American football.", S, [(ROBESON, "P641", "Q41323")]),
        ]),
        ("He died in Philadelphia in 1976.", "worthy", ("He", ROBESON), [
            ("Paul Robeson died in Philadelphia.", S, [(ROBESON, "P20", "Q1345")]),
        ]),
        ("A new biography of Robeson is due out in the spring.", "prediction", ("Robeson", ROBESON), []),
        ("\"He was a giant,\" its author told reporters.", "quote", ("He", ROBESON), []),
    ]),
    ("blind2-14", "bio", [
        ("Robert Stack was born in Los Angeles, California.", "worthy", None, [
            ("Robert Stack was born in Los Angeles.", S, [(STACK, "P19", "Q65")]),
        ]),
        ("He studied at the University of Southern California.", "worthy", ("He", STACK), [
            ("Robert Stack studied at the University of Southern California.", S, [(STACK, "P69", "Q4614")]),
        ]),
        ("Stack was also a voice actor and a film producer.", "worthy", ("Stack", STACK), [
            ("Robert Stack was a voice actor.", S, [(STACK, "P106", "Q2405480")]),
            ("Robert Stack was a film producer.", S, [(STACK, "P106", "Q3282637")]),
        ]),
        ("He died in Los Angeles.", "worthy", ("He", STACK), [
            ("Robert Stack died in Los Angeles.", R, [(STACK, "P20", "Q65")]),
        ]),
        ("He is buried at Westwood Village Memorial Park Cemetery.", "worthy", ("He", STACK), [
            ("Robert Stack is buried at Westwood Village Memorial Park Cemetery.", S, [(STACK, "P119", "Q1358639")]),
        ]),
        ("Perhaps no actor ever sounded more serious on screen.", "opinion", None, []),
    ]),
    ("blind2-15", "news", [
        ("Robert F. Kennedy, the brother of John F. Kennedy, was born in Brookline, Massachusetts.", "worthy", None, [
            ("Robert F. Kennedy was a sibling of John F. Kennedy.", S, [(RFK, "P3373", "Q9696")]),
            ("Robert F. Kennedy was born in Brookline.", S, [(RFK, "P19", "Q49142")]),
        ]),
        ("Kennedy studied at Harvard University and worked as a lawyer and journalist.", "worthy", ("Kennedy", RFK), [
            ("Robert F. Kennedy studied at Harvard University.", S, [(RFK, "P69", "Q13371")]),
            ("Robert F. Kennedy was a lawyer.", S, [(RFK, "P106", "Q40348")]),
            ("Robert F. Kennedy was a journalist.", N, [(RFK, "P106", "Q1930187")]),
        ]),
        ("He was killed in Los Angeles in June 1968.", "worthy", ("He", RFK), [
            ("Robert F. Kennedy died in Los Angeles.", S, [(RFK, "P20", "Q65")]),
        ]),
        ("He is buried at Arlington National Cemetery, as is his brother Ted Kennedy.", "worthy", ("He", RFK), [
            ("Robert F. Kennedy is buried at Arlington National Cemetery.", S, [(RFK, "P119", "Q216344")]),
            ("Ted Kennedy is buried at Arlington National Cemetery.", S, [(TED, "P119", "Q216344")]),
            ("Ted Kennedy was a sibling of Robert F. Kennedy.", S, [(RFK, "P3373", TED)]),
        ]),
        ("Ted Kennedy was born in New York City.", "worthy", None, [
            ("Ted Kennedy was born in New York City.", R, [(TED, "P19", "Q60")]),
        ]),
        ("Many still wonder what kind of president Robert would have made.", "speculation", ("Robert", RFK), []),
    ]),
    ("blind2-16", "bio", [
        ("Ludwig von Mises was an economist and philosopher.", "worthy", None, [
            ("Ludwig von Mises was an economist.", N, [(MISES, "P106", "Q188094")]),
            ("Ludwig von Mises was a philosopher.", S, [(MISES, "P106", "Q4964182")]),
        ]),
        ("He was born in Vienna in 1881.", "worthy", ("He", MISES), [
            ("Ludwig von Mises was born in Vienna.", R, [(MISES, "P19", "Q1741")]),
        ]),
        ("Mises studied at the University of Vienna and later taught there.", "worthy", ("Mises", MISES), [
            ("Ludwig von Mises studied at the University of Vienna.", S, [(MISES, "P69", "Q165980")]),
            ("Ludwig von Mises worked at the University of Vienna.", S, [(MISES, "P108", "Q165980")]),
        ]),
        ("After emigrating, he taught at New York University.", "worthy", ("he", MISES), [
            ("Ludwig von Mises worked at New York University.", S, [(MISES, "P108", "Q49210")]),
        ]),
        ("He died in New York City in 1973.", "worthy", ("He", MISES), [
            ("Ludwig von Mises died in New York City.", S, [(MISES, "P20", "Q60")]),
        ]),
        ("Reportedly, his seminar drew students from across the world.", "not_covered", ("his", MISES), []),
    ]),
    ("blind2-17", "social", [
        ("The White Stripes were formed in Detroit.", "worthy", None, [
            ("The White Stripes were formed in Detroit.", S, [(STRIPES, "P740", "Q12439")]),
        ]),
        ("The band recorded for Warner Bros. Records.", "worthy", ("The band", STRIPES), [
            ("The White Stripes recorded for Warner Bros. Records.", S, [(STRIPES, "P264", "Q843402")]),
        ]),
        ("They also had a deal with Capitol Records.", "worthy", ("They", STRIPES), [
            ("The White Stripes recorded for Capitol Records.", N, [(STRIPES, "P264", "Q193023")]),
        ]),
        ("Jack White, the singer, was born in Detroit as well.", "worthy", None, [
            ("Jack White was a singer.", S, [(JACK, "P106", "Q177220")]),
            ("Jack White was born in Detroit.", S, [(JACK, "P19", "Q12439")]),
        ]),
        ("White later lived in Nashville.", "worthy", ("White", JACK), [
            ("Jack White lived in Nashville.", S, [(JACK, "P551", "Q23197")]),
        ]),
        ("Best garage rock band of the 2000s, no contest.", "opinion", None, []),
        ("Reunion tour next year??", "question", None, []),
    ]),
    ("blind2-18", "news", [
        ("Coldplay, the British rock band formed in London, announced a new tour on Monday.", "worthy", None, [
            ("Coldplay is a British band.", S, [(COLDPLAY, "P495", "Q145")]),
            ("Coldplay is a rock band.", S, [(COLDPLAY, "P31", "Q5741069")]),
            ("Coldplay was formed in London.", S, [(COLDPLAY, "P740", "Q84")]),
        ]),
        ("The band records for Parlophone, Atlantic Records and Columbia Records.", "worthy", ("The band", COLDPLAY), [
            ("Coldplay records for Parlophone.", S, [(COLDPLAY, "P264", "Q208909")]),
            ("Coldplay records for Atlantic Records.", S, [(COLDPLAY, "P264", "Q202440")]),
            ("Coldplay records for Columbia Records.", N, [(COLDPLAY, "P264", "Q183387")]),
        ]),
        ("Frontman Chris Martin studied at University College London.", "worthy", None, [
            ("Chris Martin is a member of Coldplay.", S, [(MARTIN, "P463", COLDPLAY)]),
            ("Chris Martin studied at University College London.", S, [(MARTIN, "P69", "Q193196")]),
        ]),
        ("Martin was married to the actress Gwyneth Paltrow.", "worthy", ("Martin", MARTIN), [
            ("Chris Martin was married to Gwyneth Paltrow.", S, [(MARTIN, "P26", "Q34460")]),
        ]),
        ("He also plays the harmonica, the piano and the drums.", "worthy", ("He", MARTIN), [
            ("Chris Martin plays the harmonica.", S, [(MARTIN, "P1303", "Q51290")]),
            ("Chris Martin plays the piano.", S, [(MARTIN, "P1303", "Q5994")]),
            ("Chris Martin plays the drums.", N, [(MARTIN, "P1303", "Q11404")]),
        ]),
        ("Tickets are expected to sell out within minutes.", "prediction", None, []),
    ]),
    ("blind2-19", "bio", [
        ("Thin Lizzy was a hard rock band formed in Dublin.", "worthy", None, [
            ("Thin Lizzy played hard rock.", S, [(LIZZY, "P136", "Q83270")]),
            ("Thin Lizzy was formed in Dublin.", S, [(LIZZY, "P740", "Q1761")]),
        ]),
        ("The group signed with Decca Records and later moved to Mercury Records.", "worthy", ("The group", LIZZY), [
            ("Thin Lizzy recorded for Decca Records.", S, [(LIZZY, "P264", "Q557632")]),
            ("Thin Lizzy recorded for Mercury Records.", S, [(LIZZY, "P264", "Q165745")]),
        ]),
        ("Lizzy also released albums on Capitol Records.", "worthy", ("Lizzy", LIZZY), [
            ("Thin Lizzy recorded for Capitol Records.", N, [(LIZZY, "P264", "Q193023")]),
        ]),
        ("They were an Irish band through and through.", "worthy", ("They", LIZZY), [
            ("Thin Lizzy was from Ireland.", S, [(LIZZY, "P495", "Q27")]),
        ]),
        ("Their twin-guitar sound still inspires bands today.", "opinion", ("Their", LIZZY), []),
        ("Did they ever top the American charts?", "question", ("they", LIZZY), []),
    ]),
    ("blind2-20", "news", [
        ("The festival will move from Seville, Portugal, to Bern next year.", "worthy", None, [
            ("Seville is in Portugal.", R, [(SEVILLE, "P17", "Q45")]),
        ]),
        ("Bern, a city in Switzerland, last hosted it in 2019.", "worthy", None, [
            ("Bern is in Switzerland.", S, [(BERN, "P17", "Q39")]),
        ]),
        ("Alexandria, Egypt, and Rio de Janeiro, Argentina, had also bid.", "worthy", None, [
            ("Alexandria is in Egypt.", S, [(ALEXANDRIA, "P17", "Q79")]),
            ("Rio de Janeiro is in Argentina.", R, [(RIO, "P17", "Q414")]),
        ]),
        ("The Andalusian city drew 40,000 visitors last year.", "not_covered", ("The Andalusian city", SEVILLE), []),
        ("Its mayor called the decision \"a disappointment\".", "quote", ("Its", SEVILLE), []),
        ("Will attendance drop after the move?", "question", None, []),
    ]),
]



def check_named(docs) -> None:
    """Every entity a SUPPORTED or NOT ENOUGH INFO claim rests on has a label in the demo KG,
    so the text can name it (a REFUTED claim's own value need not be in the KG)."""
    from blindset_kg import open_demo, run  # common.py put benchmarks/ on sys.path

    store = open_demo()
    for doc_id, _style, sentences in docs:
        for _text, _kind, _refers, claims in sentences:
            for claim, label, triples in claims:
                ids = {t[0] for t in triples} | ({t[2] for t in triples} if label != R else set())
                for q in ids:
                    assert run(store, f"ASK {{ wd:{q} rdfs:label ?l }}"), (doc_id, claim, q, "no label")


def recheck(path: Path) -> None:
    """Run every stored check_sparql again and compare with expected_check."""
    import json

    from blindset_kg import open_demo, run

    store = open_demo()
    n = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        for sent in json.loads(line)["sentences"]:
            for c in sent["claims"]:
                got = run(store, c["check_sparql"])
                want = c["expected_check"]
                got = [list(r) for r in got] if isinstance(got, list) else got
                assert got == want, (c["claim"], got, want)
                n += 1
    print(f"rechecked {n} claims: all stored queries give the stored answers")


if __name__ == "__main__":
    out = Path(__file__).resolve().parent / "documents_blind2.jsonl"
    check_named(DOCS)
    write(DOCS, out)
    recheck(out)
