"""Words around a claim that do not change what it states, taken off before it is read.

People and claim generators wrap the statement: a frame ("According to
records, ...", "It is true that ..."), a hedge or an adverb ("X was actually
born in Y", "X reportedly speaks French"), a description of the subject ("The
American actor X was born in Y", "X, a singer, plays the guitar"), a
manner phrase ("X was a journalist by profession"). The statement inside is
what the KG can check; :func:`simplified` returns it as plain text, to be
parsed again, or None when there is nothing to take off.

Only words that cannot carry the claim go: a leading segment before a comma
with no name, number or date in it ("In 1986, ..." and "In Paris, ..." stay),
a descriptor only when what is left of the subject is a name the KG knows and
the whole phrase is not, adverbs from a closed list of hedges (never "no
longer", "not", "formerly"). An existential sentence ("There are diplomatic
relations between A and B") is put the usual way round ("A has diplomatic
relations with B"), a pronoun in a later sentence or clause names the first
sentence's subject ("S is a guitarist. He was born in B."), and a leading
participle becomes a sentence of its own ("Born in B, S is a guitarist." ->
"S is a guitarist. S was born in B."). Hand-written rules over the parse: no library
does this, and the parse is already there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from kgfc.nlp.demonyms import countries, is_nationality
from kgfc.nlp.text import ARTICLES, LAST_DAYS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["HEDGES", "asked", "simplified"]

# "It is true that S", "It is a well-known fact that S", "It is reported that S"
_THAT_FRAME = re.compile(
    r"^\s*it(?:\s+is|'s|\s+was|\s+has\s+been)\s+(?:(?:a|an|the|well|well-known|widely|"
    r"generally|commonly|historically|documented|known|true|fact|correct|case|accurate|"
    r"confirmed|established|recorded|certain|reported|said|believed|claimed|noted|"
    r"accepted)[\s-]+)+that\s+",
    re.I,
)
# "Records show that S", "Sources confirm that S": a report of the claim
_REPORT_FRAME = re.compile(
    r"^\s*(?:the\s+)?(?:records?|sources?|documents?|reports?|archives?|studies|evidence|"
    r"data|history)\s+(?:show|shows|showed|state|states|confirm|confirms|indicate|indicates|"
    r"suggest|suggests|say|says|reveal|reveals)\s+that\s+",
    re.I,
)
# "Claim: S", "Statement 3: S", "Fact - S", "Fact check: S": a label in front of the claim
_LABEL = re.compile(
    r"^\s*(?:please\s+)?(?:the\s+|here(?:'s|\s+is)\s+(?:a|an|the|my|one|another)\s+)?(?:claim|"
    r"statement|fact|assertion|hypothesis|rumou?r|headline|"
    r"sentence|text|input|quote|fact[\s-]*check(?:ing)?|check|verify|verification|"
    r"true\s+or\s+false\??|question|note|n\.?b\.?|update|news|breaking(?:\s+news)?|fyi|psa|"
    r"(?:check|verify|consider)\s+this|"
    r"fun\s+fact|trivia|did\s+you\s+know|quick\s+question|quick\s+one|for\s+my\s+(?:essay|homework|"
    r"paper|thesis|report|article|class|project))"
    r"(?:\s*(?:\d+|#\d+))?\s*(?::|-|–|—)\s+",
    re.I,
)
# "Tell me if this is true: S", "Is this true? S", "Can you check whether the following is
# correct: S": a request around the claim
_ASK_LABEL = re.compile(
    r"^\s*(?:(?:please\s+)?(?:tell|let)\s+me\s+(?:know\s+)?(?:if|whether)|(?:can|could|would)\s+"
    r"you\s+(?:please\s+)?(?:check|verify|confirm|tell\s+me)\s+(?:if|whether)|(?:please\s+)?"
    r"(?:check|verify|confirm)\s+(?:if|whether)|is|are)\s+(?:this|it|the\s+following|that)"
    r"(?:\s+(?:claim|statement|sentence))?\s+(?:is\s+|are\s+)?(?:true|correct|right|accurate|"
    r"a\s+fact)(?:\s+or\s+(?:not|false))?\s*[:?\-–—]\s*",
    re.I,
)
# words that are no noun of a "the N S V" clause, nor its verb
_FUNCTION_WORDS = frozenset(
    {"of", "in", "for", "by", "with", "from", "to", "at", "on", "as", "since", "during",
     "until", "before", "after", "and", "or", "but", "the", "a", "an", "not", "no"}
)  # fmt: skip
# "S is someone who speaks O", "S was the one who directed O" -> "S speaks O"; "S is someone
# whose occupation is O" -> "S's occupation is O"
_WHO = re.compile(
    r"^\s*(?P<s>[^,;:]+?)\s+(?:is|was)\s+(?:the\s+(?:one|person|man|woman|individual)|someone|"
    r"somebody|a\s+(?:person|man|woman|individual))\s+(?P<who>who|that|whose)\s+(?P<rest>[^,;:]+)$",
    re.I | re.S,
)
# "The piano is among the instruments S plays", "Horror film is a genre S is known for": the
# object before a relative clause on a noun -> "S plays the piano", "S is known for horror film"
_AMONG = re.compile(
    r"^\s*(?P<the>[Tt]he\s+)?(?P<o>[^,;:]+?)\s+(?:is|was|are|were)\s+(?:(?:among|one\s+of)\s+the|a|an|"
    r"the)\s+(?P<nouns>(?:[a-z][a-z-]*\s+){1,3})(?:that\s+|which\s+)?(?P<s>[A-Z][^,;:]*?)\s+"
    r"(?P<v>(?:[a-z]+\s+)*?[a-z]+)\s*[.!]?\s*$"
)
# "Note that S", "Remember that S", "I read that S", "Everyone knows that S", "Did you know
# that S": a bidding or a report around the claim (said by no one the claim names)
_TOLD_FRAME = re.compile(
    r"^\s*(?:(?:please|also|and)\s+)*(?:(?:did|do)\s+you\s+know|(?:(?:i|we|you|they|people|"
    r"everyone|everybody|someone|somebody|(?:a|my|our)\s+(?:friend|colleague|teacher|neighbou?r|"
    r"classmate)(?:\s+of\s+mine)?|many|most|experts|historians|scholars|critics|fans)(?:\s+(?:on|"
    r"from|in)\s+(?:twitter|x|facebook|reddit|tiktok|youtube|instagram|social\s+media|the\s+(?:internet|"
    r"news|radio|web|tv)|tv|a\s+(?:forum|podcast|blog|video)))?\s+"
    r"(?:(?:all|also|now|often|generally|widely|commonly|have|had|just|once)\s+)*)?(?:note|"
    r"notice|remember|recall|consider|observe|keep\s+in\s+mind|bear\s+in\s+mind|be\s+aware|"
    r"knows?|knew|read|heard|hear|learned|learnt|found|say|says|said|agree|agreed|believe|"
    r"believed|think|thought|understand|realise|realize|claims?|claimed|insists?|insisted|"
    r"(?:told|tells|tell|informed|informs|assured|assures|reminded)\s+(?:me|us|you|him|her|them)))"
    r"\s+that\s+",
    re.I,
)
# "My teacher said S", "I think S", "People say S": the same without "that", when a name
# follows
_TOLD_BARE = re.compile(
    _TOLD_FRAME.pattern.removesuffix(r"\s+that\s+") + r"\s+(?=(?-i:[A-Z0-9]))", re.I
)
# "Correct me if I'm wrong, but S", "Believe it or not, S", "I'm pretty sure S": the speaker's
# doubt or emphasis around the claim ("or not" is no denial of it)
_DOUBT_FRAME = re.compile(
    r"^\s*(?:correct\s+me\s+if\s+i'?m\s+wrong|believe\s+it\s+or\s+not|i'?m\s+(?:(?:pretty|quite|"
    r"fairly|almost|absolutely|totally|not|100%)\s+)?(?:sure|certain|confident|positive|convinced)"
    r"(?:\s+that)?|if\s+i\s+(?:remember|recall)\s+(?:correctly|rightly)|as\s+far\s+as\s+i\s+know|"
    r"to\s+the\s+best\s+of\s+my\s+knowledge|if\s+i'?m\s+not\s+mistaken)\s*,?\s*(?:but\s+)?",
    re.I,
)
# "S was born in O - is that right?", "S was born in O, right?": a tag question after the
# claim (the claim is what it asks about)
_TAG_QUESTION = re.compile(
    r"(?:\s*[-–—,;:]\s*|\s+)(?:(?:is|was)\s+(?:that|this|it)\s+(?:really\s+)?(?:right|true|"
    r"correct|so|the\s+case)|right|true|correct|(?:is|was|are|were|do|does|did|has|have)n't\s+"
    r"(?:it|he|she|they|that)|am\s+i\s+right|yes\s+or\s+no|true\s+or\s+false)\s*\?+\s*$",
    re.I,
)
# "S starred in X. (source: Wikipedia)", "... [citation needed]", "...[3]": a reference after
# the claim or a footnote mark in it
_REFERENCE = re.compile(
    r"\s*\(\s*(?:source|sources|src|via|ref|reference|citation|cf\.?|see)\b[^()]*\)\s*"
    r"(?=[.!]?\s*$)|\[\s*(?:\d{1,3}|[a-z]|citation needed|citation|note\s+\d+|"
    r"according to whom\?|who\?|when\?|dubious|verification needed)\s*\]",
    re.I,
)
# "O co-starred in S", "S co-wrote O", "S was co-founded by O": the verb (each of several did
# it; spaCy parses the hyphenated form badly)
_CO_VERB = re.compile(
    r"\bco-(?P<verb>starred|starring|stars(?=\s+in\b)|wrote|written|writes|directed|directs|"
    r"founded|founds|produced|produces|created|creates|composed|composes)\b",
    re.I,
)
# "Rumour has it that S", "Word has it that S", "Legend has it that S" (the coreference
# rewrite may have made "it" the noun: "Rumor has Rumor that")
_HAS_IT = re.compile(
    r"^\s*(?P<w>rumou?r|word|legend|gossip|talk)\s+has\s+(?:it|(?P=w))\s+(?:that\s+)?", re.I
)
# "S. Or so I'm told.", "S, or so they say.", "S, I think.", "S, if I'm not mistaken.": a
# remark after the claim on how the speaker knows it
_TRAILING_REMARK = re.compile(
    r"(?:\s*[,;:\-–—]\s*|\s*[.!]\s+|\s+)(?:or\s+so\s+(?:(?:i|we)(?:'m|'re|\s+am|\s+are|'ve\s+been|"
    r"\s+have\s+been|\s+was|\s+were)\s+told|(?:i|we|they|people|others)\s+(?:hear|heard|say|said|"
    r"think|thought|believe|believed|read)|it\s+(?:seems|is\s+said|was\s+said))|so\s+(?:i|we)(?:'ve|"
    r"\s+have)\s+heard|(?:i|we)\s+(?:think|believe|hear|heard)|(?:they|people|some|many)\s+say|"
    r"please\s+(?:confirm|verify|check)(?:\s+(?:this|that|it))?|(?:confirm|verify|check)(?:\s+(?:this|"
    r"that|it))?,?\s+please|i'?m\s+"
    r"told|it\s+is\s+said|if\s+i'?m\s+not\s+mistaken|if\s+i\s+(?:remember|recall)"
    r"\s+(?:correctly|rightly)|as\s+far\s+as\s+i\s+know)\s*[.!]*\s*$",
    re.I,
)
# "S is said to be a poet", "S is believed to have died in O", "S is reported to have
# diplomatic relations with O": the statement reported (hearsay is no part of the fact)
_HEARSAY = re.compile(
    r"^(?P<s>(?:[^,;:]|,\s*(?:Jr|Sr)\b)+?)\s+(?P<be>is|was|are|were)\s+(?:(?:widely|generally|"
    r"commonly|often|also|"
    r"now)\s+)?(?:said|believed|thought|reported|rumou?red|alleged|reputed|supposed|understood|"
    r"known|claimed|considered)\s+to\s+(?P<inf>have\s+been|have|be)\s+(?P<rest>.+)$",
    re.I,
)


def _hearsay(text: str, known: Callable[[str], bool]) -> str | None:
    """ "S is said to be X" as "S is X", "S is believed to have been born in O" as "S was born
    in O", "S is said to have died in O" as "S has died in O" (S a name the KG knows)."""
    m = _HEARSAY.match(text)
    if m is None or not known(m["s"]):
        return None
    plural = m["be"].lower() in ("are", "were")
    inf = " ".join(m["inf"].lower().split())
    if inf == "be":
        verb = m["be"]
    elif inf == "have been":
        verb = "were" if plural else "was"
    else:
        verb = "have" if plural else "has"
    return f"{m['s']} {verb} {m['rest']}"


# "S was born in Y, according to Wikidata." / "..., as reported by the BBC": a source after
# the claim (the leading "According to X, S" is the leading segment's case)
_TRAILING_SOURCE = re.compile(
    r"(?:\s*,\s*(?:according\s+to|as\s+(?:reported|stated|recorded|listed|noted|documented)\s+"
    r"(?:by|in)|per|says|reports|notes|writes)|\s+according\s+to)\s+[^,;]+?\s*[.!]?\s*$",
    re.I,
)
# "Is it true that S ...?", "Was S born in O?", "Did S play for O?": a yes-no question about
# the claim (asked as people ask a fact checker)
_TRUE_THAT = re.compile(
    r"^\s*(?:is|was)\s+it\s+(?:really\s+)?(?:true|correct|right|a\s+fact|the\s+case)\s+that\s+",
    re.I,
)
# "Hey, S", "So, is it true that S", "OK, S": an interjection before the claim
_INTERJECTION = re.compile(
    r"^\s*(?:hey|hi|hello|so|ok|okay|well|hmm+|wait|um+|uh+)\s*[,!]\s*", re.I
)
_ASKED = re.compile(
    r"^\s*(?P<aux>is|was|are|were|has|have|had|does|do|did|can|could|will|would)\s+"
    r"(?P<rest>[^?]+?)\s*\?+\s*$",
    re.I,
)
# "S was born and grew up in O": the birthplace is checked, the upbringing (no KG property
# holds it) is said to be unchecked
_RAISED = re.compile(
    r"\bborn\s+and\s+(?P<what>(?:was\s+|were\s+)?(?:raised|brought\s+up|bred|grew\s+up|"
    r"grown\s+up))\s+(?=(?:in|at)\s)",
    re.I,
)
# "S's style is rooted in O": what S's work is rooted in, S is ("S is rooted in O" is read)
_ROOTED = re.compile(
    r"^\s*(?P<s>[^,;:]+?)(?:'s|')\s+(?:(?:musical|artistic|literary|own)\s+)?(?:style|music|"
    r"sound|work|works|songs|writing|genre)\s+(?P<verb>is|was|are|were)\s+(?P<neg>not\s+)?"
    r"(?:(?:firmly|deeply|strongly|largely|heavily|mostly)\s+)?(?:rooted|grounded|steeped)"
    r"\s+in\s+",
    re.I,
)
# "The death of S occurred in O": an event of S's told as the event's ("S's death occurred
# in O" is read)
_EVENT_OF = re.compile(
    r"^\s*the\s+(?P<event>birth|death|passing|demise|burial|funeral|wedding|marriage|"
    r"education|training|schooling|retirement)\s+of\s+(?P<s>[^,;:]+?)\s+"
    r"(?P<rest>(?:(?:has|had|did\s+not|did\s+n't|didn't|never)\s+)?(?:occurred|occurs|occur|took\s+"
    r"place|takes\s+place|take\s+place|happened|happens|happen|came|was|is)\b.*)$",
    re.I | re.S,
)
# "London is home to the headquarters of BP" -> "BP is headquartered in London"
_HOME_TO = re.compile(
    r"^\s*(?P<o>[^,;:]+?)\s+(?:is|was|has\s+been)\s+(?:the\s+)?home\s+to\s+the\s+"
    r"(?:headquarters|head\s+office|main\s+office|head\s+offices|seat)\s+of\s+"
    r"(?P<s>[^,;:]+?)\s*(?P<end>[.!]?)\s*$",
    re.I,
)
# "S is a Baltimore-born musician": a birthplace and a description in one phrase
_BORN_COMPOUND = re.compile(
    r"^\s*(?P<s>[^,;:]+?)\s+(?P<cop>is|was)\s+(?:an?|the)\s+(?P<place>[A-Z][^,;:]*?)\s*[-‐‑–]\s*born"
    r"\s+(?P<noun>[a-z][a-z -]*?)\s*[.!]?\s*$"
)
# "S is Tallinn-born" / "S was literally tallinn-born": the birthplace as the predicate
_BORN_PREDICATE = re.compile(
    r"^\s*(?P<s>[^,;:]+?)\s+(?:is|was)\s+(?:[a-z]+ly\s+)?(?P<place>[A-Za-z][^,;:]*?)\s*[-‐‑–]\s*"
    r"born\s*[.!]?\s*$"
)
# "Salzburg-born S returned to the stage": the birthplace before the name
_BORN_BEFORE = re.compile(r"^\s*(?P<place>(?-i:[A-Z])[^,;:]*?)\s*[-‐‑–]\s*born\s+(?P<rest>\S.*)$")
# "S, the Chicago-born singer, was remembered ...", "R, the Boston-based label, is ...": the
# place in an appositive of a name, with what the participle says of it
_PLACE_APPOSITIVE = re.compile(
    r"^\s*(?P<s>[^,;:]+?),\s+(?:the|a|an)\s+(?P<place>(?-i:[A-Z])[^,;:]*?)\s*[-‐‑–]\s*"
    r"(?P<how>born|based|educated)\s+[^,;:]*?,\s*(?P<rest>\S.*)$"
)
# "R is a Boston-based label", "S was a Harvard-educated lawyer", "R is the Boston-based label"
_PLACE_COMPOUND = re.compile(
    r"^\s*(?P<s>[^,;:]+?)\s+(?:is|was)\s+(?:an?|the)\s+(?P<place>(?-i:[A-Z])[^,;:]*?)\s*[-‐‑–]\s*"
    r"(?P<how>based|educated)\s+[a-z][a-z -]*?\s*[.!]?\s*$"
)
_PLACED = {"born": "was born in", "based": "is based in", "educated": "was educated at"}
# "-born" words that name no place
_NOT_BIRTHPLACES = frozenset(
    {"first", "last", "high", "low", "well", "free", "native", "new", "foreign", "still",
     "base", "noble", "twice", "eldest", "second"}
)  # fmt: skip
# nouns that say nothing more than that S is someone
_SOMEONE = frozenset({"person", "man", "woman", "individual", "human", "native", "one"})
# "born in the city of Y": a class noun before a name ("the city of New York City")
_CLASSIFIERS = frozenset({"city", "town", "village", "state", "province", "region", "county"})
# "X was a journalist by profession", "... by trade"
_MANNER = re.compile(r"\s+by\s+(?:profession|trade|occupation|training)(?=\s*[.!]?\s*$)", re.I)
# "S made a name for himself as O", "S rose to fame as O": the work S is known for, an
# occupation ("worked as"); the fame itself is no fact the KG keeps or needs
_FAME_AS = re.compile(
    r"\b(?:made\s+(?:a\s+name\s+for\s+(?:him|her|them|it)sel(?:f|ves)|(?:his|her|their|its)\s+"
    r"name)|(?:rose|risen)\s+to\s+(?:fame|prominence)|(?:found|achieved|gained|won)\s+fame|"
    r"became\s+famous)\s+as\b",  # not "became known as": "St Petersburg became known as Leningrad"
    re.I,
)
# "X was in fact born in Y"
_INLINE = re.compile(
    r"\b(?:in fact|in reality|of course|in truth|for a time|for a while|for some time"
    r"|somewhere(?=\s+in\b))\b,?\s*",
    re.I,
)
# "S works in the pop genre (as of 2020)": when the claim holds is not what the KG checks
_TIME_NOTE = re.compile(
    r"\s*[(\[]\s*(?:as\s+of|since|until|till|from|in|circa|c\.|around|by)\s+[^()\[\]]{0,30}?"
    r"\b\d{3,4}s?\b[^()\[\]]{0,20}[)\]]|,\s*as\s+of\s+(?:\w+\s+)?\d{4}(?=\s*[.!]?\s*$)",
    re.I,
)
# "in the 70's", "the '70s", "the seventies": a decade written short, read as "the 1970s" (the
# value parser reads four-digit decades; two digits are taken as the last century's, as
# people mean them, except the 00s and 10s)
_DECADE = re.compile(r"\bthe\s+['’]?(?P<d>[0-9]0)['’]?s\b", re.I)
_DECADE_WORDS = re.compile(
    r"\bthe\s+(?P<w>twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b",
    re.I,
)
_DECADES = {
    w: str(n) for n, w in enumerate(
        ("twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties",
         "nineties"), start=2)
}  # fmt: skip


# "the guy who directed F died in C": the one who made a work, named by the making
_THE_ONE_WHO = re.compile(
    r"^(?P<pre>(?:.*?\s)?)the\s+(?:guy|man|woman|person|one|dude|lady|bloke)\s+who\s+"
    r"(?P<verb>directed|wrote|founded)\s+(?P<rest>\S.*)$",
    re.I,
)
_MAKERS = {"directed": "director", "wrote": "author", "founded": "founder"}


def the_one_who(text: str, known: Callable[[str], bool]) -> str | None:
    """ "the guy who directed F died in C" as "the director of F died in C" (F the longest
    name the KG knows after the verb), which the reader reads as the path from F."""
    m = _THE_ONE_WHO.match(text)
    if m is None:
        return None
    words = m["rest"].split()
    for n in range(len(words) - 1, 0, -1):
        work = " ".join(words[:n])
        if known(work):
            noun = _MAKERS[m["verb"].lower()]
            return f"{m['pre']}the {noun} of {work} {' '.join(words[n:])}"
    return None


# "S played both the bass guitar and the harmonica": "both" before a pair says no more than
# the "and" does; "A and B both died in O" keeps it (no "and" follows)
_BOTH = re.compile(r"\bboth\s+(?=[^,;:.!?]*?\band\s)", re.I)
# "S died in 1994 in Vienna": the year before the place, as "S died in Vienna in 1994" (the
# same claim); the place is what a reading of "died in" wants next to the verb
_YEAR_FIRST = re.compile(
    r"\b(?P<when>(?:in|during)\s+(?:the\s+)?(?:early\s+|late\s+|mid-?)?\d{4}s?),?\s+"
    r"(?P<where>(?:in|at)\s+(?:the\s+)?(?-i:[A-Z])[^,;:.!?()]*?)(?=\s*(?:[,;:.!?(]|$))",
    re.I,
)


# "F was directed by a filmmaker born in C", "... by a C-born director", "... by a native of
# C", "... by a Columbia University graduate": the film's director, said of by what they are
_MADE_BY_SOMEONE = re.compile(
    r"^\s*(?P<f>[^,;:]+?)\s+(?:was|is)\s+(?:directed|made|helmed)\s+by\s+(?:a|an|one)\s+"
    r"(?P<who>[^,;:]+?)\s*[.!]?\s*$",
    re.I,
)
_MAKER = r"(?:film-?maker|director|man|woman|person)"
_SOMEONE_WHO = (
    (re.compile(rf"^{_MAKER}\s+(?:who\s+(?:was|is)\s+)?born\s+in\s+(?P<c>.+)$", re.I), "born"),
    (re.compile(rf"^(?P<c>.+?)\s*[-‐‑–]\s*born\s+{_MAKER}$", re.I), "born"),
    (re.compile(r"^native\s+of\s+(?P<c>.+)$", re.I), "born"),
    (re.compile(r"^(?:graduate|alumnus|alumna)\s+of\s+(?P<c>.+)$", re.I), "educated"),
    (re.compile(r"^(?P<c>(?-i:[A-Z]).+?)\s+(?:graduate|alumnus|alumna)$", re.I), "educated"),
)


def made_by_someone(text: str, known: Callable[[str], bool]) -> str | None:
    """ "F was directed by a filmmaker born in C" as "The director of F was born in C." (and
    "... a C-born director", "... a native of C"; "... a C graduate" as educated at C): the
    claim is about F's director, read as the path from F (both names the KG's)."""
    m = _MADE_BY_SOMEONE.match(text)
    if m is None or not known(m["f"]):
        return None
    for pattern, what in _SOMEONE_WHO:
        said = pattern.match(m["who"].strip())
        if said is None:
            continue
        place = said["c"].strip()
        if what == "born":
            place = _birthplace(place, known)
        if not place or not known(place):
            return None
        verb = "was born in" if what == "born" else "was educated at"
        return f"The director of {m['f'].strip()} {verb} {place}."
    return None


def _decade(text: str) -> str:
    text = _DECADE.sub(lambda m: f"the {'20' if m['d'] in ('00', '10') else '19'}{m['d']}s", text)
    return _DECADE_WORDS.sub(lambda m: f"the 19{_DECADES[m['w'].lower()]}0s", text)


# "S graduated from O in 1960", "S married O in 1988": a year after the object is when the
# statement held, a qualifier the KG does not keep; after verbs whose date is a fact of its
# own (born, died, founded, released ...) it is a claim about that date and stays
_WHEN = re.compile(
    r"(?<=\S)\s+(?P<when>(?:in|during|around|circa)\s+(?:the\s+)?(?:early\s+|late\s+|mid-?)?"
    r"\d{4}s?)\s*(?P<end>[.!]?)\s*$",
    re.I,
)
_DATED_VERB = re.compile(
    r"\b(?:born|birth|died|dies|death|buried|founded|formed|established|set\s+up|created|"
    r"released|published|premiered|came\s+out|launched|opened|dissolved|disbanded|built|"
    r"written|composed|recorded|directed|produced|filmed|made)\b",
    re.I,
)
# "It was in O that S was born" -> "S was born in O"; "It is O that S speaks" -> "S speaks O"
_CLEFT = re.compile(
    r"^\s*it\s+(?:was|is)\s+(?P<prep>(?:in|at|from|with|for|by|on|as)\s+)?(?P<o>[^,;:]+?)\s+"
    r"(?:that|(?P<which>of|in|at|to|for|from|with|by)\s+which)\s+"
    r"(?P<rest>(?:[^,;:]|,\s*(?:Jr|Sr)\b)+?)\s*(?P<end>[.!]?)\s*$",
    re.I,
)
# "S was born in a city in O": the kind of place is no name; the place is O
_A_PLACE_IN = re.compile(
    r"\b(?P<prep>in|at)\s+(?:a|an|one|some)\s+(?:(?:small|large|little|big|major|coastal|northern|"
    r"southern|eastern|western|central|rural|tiny)\s+)*(?:city|town|village|hamlet|place|region|"
    r"province|state|county|district|municipality|suburb|area|port)\s+(?:in|of)\s+(?=\S)",
    re.I,
)
# A name in quotation marks: 'S is associated with the "romantic comedy" genre'
_QUOTED = re.compile(r"[\"“”]([^\"“”]{2,80})[\"“”]")
# "S moved to O and died there": where the last clause happened is the place the first names
_THERE = re.compile(
    r"^(?P<head>[^,;:]+?)\s*,?\s+and\s+(?P<what>died|was\s+buried|was\s+born|lived|worked|studied)"
    r"\s+there\s*(?P<end>[.!]?)\s*$",
    re.I,
)
# "S spent their last days in O and died there": dying there says as much
_LAST_DAYS = re.compile(rf"^spent\s+{LAST_DAYS}\s+(?:in|at)\s", re.I)
_PLACE_PREP = re.compile(r"\s(?:in|to|at)\s", re.I)
# "S is listed with the occupation O" -> "S has the occupation O"
_LISTED_WITH = re.compile(
    r"\b(?:is|was|are|were)\s+(?:listed|registered|recorded|given)\s+(?:with|under)\s+the\s+", re.I
)
# "S's remains are in O": the noun, not the verb "S remains in O" (which is no burial)
_REMAINS = re.compile(
    r"(?<=\S)(?:'s|’s|'|’)\s+(?:mortal\s+)?remains\s+(?:are|lie|rest|were\s+laid\s+to\s+rest)"
    r"\s+(?=in\b|at\b)",
    re.I,
)
# "the band ended up on Warner Bros. Records": where something came to be, said as an
# outcome; read as where it was ("was on", which the object's kind reads further)
_ENDED_UP = re.compile(r"\s+(?:ended|ends|end|wound|winds)\s+up\s+(?=(?:on|with|at)\s)", re.I)
# "There are diplomatic relations between A and B" -> "A has diplomatic relations with B"
_BETWEEN = re.compile(
    r"^\s*there\s+(?P<verb>is|are|was|were|exists?|existed|has\s+been|have\s+been)"
    r"(?P<neg>\s+no|\s+not)?\s+(?P<what>[^,;:]+?)\s+between\s+(?P<pair>[^,;:]+?)\s*[.!]?\s*$",
    re.I,
)
# "Diplomatic relations exist between A and B" -> "A has diplomatic relations with B"
_EXIST_BETWEEN = re.compile(
    r"^\s*(?P<what>[^,;:]+?)\s+(?P<never>never\s+)?"
    r"(?P<verb>(?-i:(?:(?:do|does|did|have|has)(?P<neg>\s+not|n't|\s+never)\s+"
    r"|(?:have|has)\s+)?(?:exists?|existed)))\s+between\s+(?P<pair>[^,;:]+?)\s*[.!]?\s*$",
    re.I,
)
# "Diplomatic relations link A and B" -> "A has diplomatic relations with B"
_LINKS = re.compile(
    # the verb in lower case: "United States" is a name
    r"^\s*(?P<what>[^,;:]+?)\s+(?P<verb>(?-i:links?|linked|connects?|connected|unites?|united|"
    r"binds?|bound))\s+(?P<pair>[^,;:]+?)\s*[.!]?\s*$",
    re.I,
)
_PAST = frozenset({"was", "were", "existed", "linked", "connected", "united", "bound"})
_WH_WORDS = frozenset({"where", "when", "who", "whom", "whose", "why", "how"})
# Any relation between two things, said without a property: "S has ties to O", "S has
# nothing to do with O" -> "S is (not) associated with O", "S is unrelated to O" -> "S is not
# related to O" (between people, "related" is kin: kgfc.reason.local), which the reader
# takes as "some stated relation, either way" (kgfc.kg.properties.RELATED).
_DEGREE = (
    r"(?:(?:close|strong|direct|deep|longstanding|long-standing|long|significant|many|some|any|"
    r"several|clear|historical|historic|important)\s+)*"
)
# not "relations": "France has relations with Germany" is diplomatic relations
_TIE_WORDS = r"(?:ties|links|connections|associations)"
_TIE_WORD = r"(?:connection|link|tie|association)"
_HAS_TIES = re.compile(
    rf"\b(?P<verb>has|have|had)\s+{_DEGREE}(?:{_TIE_WORDS}|an?\s+{_DEGREE}{_TIE_WORD})\s+(?:to|with)\b",
    re.I,
)
_NO_TIES = re.compile(
    r"\b(?P<verb>has|have|had)\s+(?:nothing\s+(?:at\s+all\s+)?to\s+do|no\s+"
    rf"{_DEGREE}(?:{_TIE_WORDS}|{_TIE_WORD}))\s+(?:to|with)\b"
    r"|\b(?P<bear>bears?|bore)\s+no\s+relation(?:ship)?\s+to\b",
    re.I,
)
_UNRELATED = re.compile(
    r"\b(?P<verb>is|are|was|were)\s+(?:(?:completely|entirely|totally|wholly)\s+)?"
    r"(?:unrelated|unconnected|unassociated)\s+(?:to|with)\b",
    re.I,
)
# "A and B have nothing to do with each other", "A and B are unrelated", "A and B are (not)
# closely linked"
_PAIR_UNRELATED = re.compile(
    r"^\s*(?P<pair>[^,;:]+?)\s+(?P<rest>(?:have|had)\s+nothing\s+(?:at\s+all\s+)?to\s+do\s+"
    r"with|(?:are|were)\s+(?:(?:completely|entirely|totally)\s+)?(?:unrelated|unconnected)"
    r"(?:\s+to)?|(?:are|were)\s+(?P<not>not\s+)?(?P<linked>(?:(?:closely|strongly|directly)\s+)?"
    r"(?:related|connected|linked|associated))(?:\s+(?:to|with))?)"
    r"(?:\s+(?:each\s+other|one\s+another))?\s*[.!]?\s*$",
    re.I,
)

HEDGES = frozenset(
    {"actually", "reportedly", "indeed", "really", "truly", "certainly", "definitely",
     "allegedly", "apparently", "famously", "notably", "reputedly", "supposedly",
     "undoubtedly", "evidently", "clearly", "obviously", "officially", "verifiably",
     "purportedly", "historically", "originally", "fluently", "proudly", "widely"}
)  # fmt: skip
# A leading segment that frames where the claim comes from: "According to records,",
# "As documented,"; it may name a source ("According to the BBC,").
_SOURCE_STARTS = frozenset({"according", "as", "per", "reportedly"})
# Words a descriptor in front of a name is made of ("The American actor X").
_DESCRIPTOR_POS = frozenset({"DET", "ADJ", "NOUN", "PUNCT", "CCONJ"})


def simplified(
    doc: Doc,
    known: Callable[[str], bool],
    unchecked: list[str] | None = None,
    undescribed: list[str] | None = None,
) -> str | None:
    """The claim without frames, hedges and subject descriptions; None when nothing changed.

    ``known(text)`` says whether the KG has ``text`` as a name (the label index). A
    description the KG can check becomes a statement of its own; one it cannot read
    ("the 44th president", "a Baltimore-born rocker") is dropped, and added to
    ``undescribed`` when given (else to ``unchecked``). What the statement says
    beside its fact and no KG property holds (a time: "in 1988", an upbringing:
    "raised", "moved to O") is added to ``unchecked``.
    """
    if undescribed is None:
        undescribed = unchecked
    text = doc.text
    drop, swap, described, lead = _token_edits(doc, known, undescribed)
    if drop or swap:
        text = _rebuilt(doc, drop, swap)
    text = _rewritten(text, doc, known, unchecked, undescribed)
    text = text.strip()
    if lead is not None:
        text = f"{text} {lead[1]}"
    if described and text:
        text = " ".join([text, *described])
    if not text or text == doc.text.strip():
        return None
    return text[0].upper() + text[1:]


def _token_edits(
    doc: Doc, known: Callable[[str], bool], undescribed: list[str] | None
) -> tuple[set[int], dict[int, str], list[str], tuple[set[int], str] | None]:
    """What :func:`simplified` drops and swaps token by token: (drop, swap, the descriptions
    that are statements of their own, the participial lead and the clause it becomes)."""
    drop: set[int] = set()
    drop |= _leading_segment(doc)
    drop |= _hedges(doc)
    described: list[str] = []  # "S, a poet, ...": the description is a statement too
    for found in (_apposition(doc, known), _descriptor(doc, known), _inner_descriptor(doc, known)):
        drop |= found[0]
        if found[1]:
            described.append(found[1])
        elif found[0] and undescribed is not None:
            words = [doc[i] for i in sorted(found[0]) if not doc[i].is_punct]
            undescribed.append("".join(w.text_with_ws for w in words).strip())
    work_drop, work_swap = _possessed_work(doc, known)
    drop |= work_drop
    drop |= _classifier(doc, known)
    swap = _inclusion(doc) | _coreference(doc, known) | work_swap
    praise, article = _praise(doc, known)
    drop |= praise
    swap |= article
    lead = _participial(doc, known)
    if lead is not None:
        drop |= lead[0]
    return drop, swap, described, lead


def _rebuilt(doc: Doc, drop: set[int], swap: dict[int, str]) -> str:
    """The text without the dropped tokens, the swapped ones replaced."""
    parts: list[str] = []
    for t in doc:
        if t.i in drop:
            continue
        if parts and t.i - 1 in drop and not parts[-1][-1:].isspace():
            parts.append(" ")  # "Malaysia, a state, has" -> "Malaysia has"
        parts.append(swap[t.i] + t.whitespace_ if t.i in swap else t.text_with_ws)
    return "".join(parts)


def _rewritten(
    text: str,
    doc: Doc,
    known: Callable[[str], bool],
    unchecked: list[str] | None,
    undescribed: list[str] | None,
) -> str:
    """The text-level rewrites of :func:`simplified`, in their order."""
    text = _REFERENCE.sub("", text)
    text = _decade(text)
    text = _YEAR_FIRST.sub(r"\g<where> \g<when>", text, count=1)
    text = _BOTH.sub("", text, count=1)
    text = _TIME_NOTE.sub("", text)
    text = _INTERJECTION.sub("", text, count=1)
    text = _TAG_QUESTION.sub(".", text, count=1)
    text = _ASK_LABEL.sub("", text, count=1)
    text = _LABEL.sub("", text, count=1)
    text = _TRAILING_SOURCE.sub(".", text, count=1)
    text = _TRAILING_REMARK.sub(".", text, count=1)
    text = _HAS_IT.sub("", text, count=1)
    text = _THAT_FRAME.sub("", text, count=1)
    text = _DOUBT_FRAME.sub("", text, count=1)
    text = _TOLD_FRAME.sub("", text, count=1)
    text = _TOLD_BARE.sub("", text, count=1)
    text = _TRUE_THAT.sub("", text, count=1)
    text = asked(text, known) or text
    text = _REPORT_FRAME.sub("", text, count=1)
    text = _MANNER.sub("", text)
    text = _FAME_AS.sub("worked as", text)
    text = _INLINE.sub("", text)
    text = _REMAINS.sub(" is buried ", text, count=1)
    text = _ENDED_UP.sub(" was ", text, count=1)
    text = _CO_VERB.sub(r"\g<verb>", text)
    text = _shared_surname(text, known) or text
    text = _between(text, known) or text
    text = _related(text, known) or text
    text = _event_of(text, known) or text
    text = _cleft(text, known) or text
    text = made_by_someone(text, known) or text
    text = the_one_who(text, known) or text
    text = _hearsay(text, known) or text
    text = _named_pair(text, known) or text
    text = _A_PLACE_IN.sub(r"\g<prep> ", text, count=1)
    text = _there(text, known, unchecked) or text
    text = _QUOTED.sub(lambda m: m[1] if known(m[1]) else m[0], text)
    text = _LISTED_WITH.sub("has the ", text, count=1)
    text = _relative_on_noun(text, doc, known) or text
    text = _rooted(text, known) or text
    text = _raised(text, unchecked) or text
    text = _when(text, doc, unchecked) or text
    text = _born_compound(text, known, undescribed) or text
    text = _possessive_appositive(text, known) or text
    return text


# "Shutter Island, Christopher Nolan's psychological thriller, returns to cinemas": a work
# named by whose it is, in an appositive
_POSSESSIVE_APPOSITIVE = re.compile(
    r"^\s*(?P<s>[^,;:]+?),\s+(?P<p>(?-i:[A-Z])[^,;:]*?)['’]s\s+(?P<noun>[a-z][^,;:]*?),"
    r"\s*(?P<rest>\S.*)$"
)


def _possessive_appositive(text: str, known: Callable[[str], bool]) -> str | None:
    """ "W, P's psychological thriller, returns ..." as "W is P's psychological thriller. W
    returns ...": the appositive as a statement of its own (both names the KG's), which the
    reader reads as P having made W (:func:`kgfc.reading.kinds.maker`)."""
    m = _POSSESSIVE_APPOSITIVE.match(text)
    if m is None or not known(m["s"]) or not known(m["p"]):
        return None
    return f"{m['s']} is {m['p']}'s {m['noun']}. {m['s']} {m['rest']}"


def _split_pair(pair: str, known: Callable[[str], bool]) -> tuple[str, str] | None:
    """ "A and B" as (A, B), split at the "and" where both halves are names the KG knows
    ("Trinidad and Tobago and Jamaica"); None when which "and" splits it is unclear."""
    halves = [
        (pair[: k.start()].strip(), pair[k.end() :].strip())
        for k in re.finditer(r"\s+and\s+", pair)
    ]
    named = [(a, b) for a, b in halves if known(a) and known(b)]
    if len(named) != 1 and len(halves) != 1:
        return None
    return named[0] if len(named) == 1 else halves[0]


# "Joel and Ethan Coen", "Mary-Kate and Ashley Olsen": two given names and one surname
_SURNAME_PAIR = re.compile(
    r"\b(?P<first>[A-Z][\w'-]*) and (?P<second>[A-Z][\w'-]*) (?P<last>[A-Z][\w'-]*)\b"
)


def _shared_surname(text: str, known: Callable[[str], bool]) -> str | None:
    """ "Joel and Ethan Coen directed Fargo" as "Joel Coen and Ethan Coen directed Fargo", when
    the KG knows both full names and not the first given name alone; None otherwise."""
    changed = False

    def full(m: re.Match[str]) -> str:
        nonlocal changed
        first, second, last = m["first"], m["second"], m["last"]
        if known(first) or not known(f"{first} {last}") or not known(f"{second} {last}"):
            return m[0]
        changed = True
        return f"{first} {last} and {second} {last}"

    out = _SURNAME_PAIR.sub(full, text)
    return out if changed else None


def _between(text: str, known: Callable[[str], bool]) -> str | None:
    """ "There are R between A and B" and "R link A and B" as "A has R with B" (the pair split
    where both halves are names the KG knows: "between Trinidad and Tobago and Jamaica");
    None otherwise."""
    m = _BETWEEN.match(text)
    if m is None:
        m = _EXIST_BETWEEN.match(text) or _LINKS.match(text)
        words = m["what"].split() if m is not None else []
        if m is None or not words or words[0].lower() in _PRONOUNS:
            return None
        if not all(w.islower() for w in words[1:]):
            return None  # "The Channel Tunnel links France and England": a name links them
    split = _split_pair(m["pair"], known)
    if split is None:
        return None
    a, b = split
    verb = m["verb"].lower().split()
    have = "had" if verb[-1] in _PAST or verb[0] in ("did", "didn't") else "has"
    what = m["what"]
    what = what[:1].lower() + what[1:] if what[1:2].islower() else what
    neg = m.groupdict().get("neg") or m.groupdict().get("never")
    if neg:
        what = f"no {what}" if neg.strip().lower() == "no" else f"no {_bare(what)}"
    return f"{a} {have} {what} with {b}."


_BE = {"has": "is", "have": "are", "had": "was", "bears": "is", "bear": "are", "bore": "was"}


def _related(text: str, known: Callable[[str], bool]) -> str | None:
    """ "S has (close) ties to O", "S has nothing to do with O" and "A and B have nothing to do
    with each other" as "S is (not) associated with O"; "S is unrelated to O" and "A and B are
    (un)related" as "S is (not) related to O" (between people: kin); None otherwise."""
    m = _PAIR_UNRELATED.match(text)
    if m is not None:
        split = _split_pair(m["pair"], known)
        if split is None:
            return None
        a, b = split
        past = m["rest"].split()[0].lower() in ("had", "were")
        # "A and B are (closely) linked" affirms; the other shapes deny
        affirms = m["linked"] is not None and m["not"] is None
        kin = re.search(r"\b(?:un)?related\b", m["rest"], re.I) is not None
        what = "related to" if kin else "associated with"
        return f"{a} {'was' if past else 'is'} {'' if affirms else 'not '}{what} {b}."
    for pattern, neg in ((_NO_TIES, True), (_UNRELATED, True), (_HAS_TIES, False)):
        m = pattern.search(text)
        if m is not None:
            verb = (m["verb"] or m.groupdict().get("bear") or "").lower()
            be = _BE.get(verb, verb)
            what = (
                "related to"
                if pattern is _UNRELATED and "unrelated" in m[0].lower()
                else "associated with"
            )
            return text[: m.start()] + f"{be} {'not ' if neg else ''}{what}" + text[m.end() :]
    return None


def _born_compound(
    text: str, known: Callable[[str], bool], unchecked: list[str] | None
) -> str | None:
    """ "S is a Baltimore-born musician" as "S was born in Baltimore. S is a musician." (the
    place a name the KG knows; the noun a statement when the KG knows it too, else not
    checked; "a Baltimore-born person" says no more than the birthplace). A nationality
    adjective names its country: "an Austrian-born actor" was born in Austria, the first of
    the adjective's country names the KG knows (present-day states first: the birthplace's
    located-in chain reaches them)."""
    m = _BORN_COMPOUND.match(text)
    if m is None or not known(m["s"]):
        return _born_elsewhere(text, known)
    place = _birthplace(m["place"], known)
    if not place:
        return None
    out = f"{m['s']} was born in {place}."
    noun = m["noun"].strip()
    if noun in _SOMEONE:
        return out
    if known(noun):
        article = "an" if noun[:1] in "aeiou" else "a"
        return f"{out} {m['s']} {m['cop']} {article} {noun}."
    if unchecked is not None:
        unchecked.append(noun)
    return out


def _birthplace(said: str, known: Callable[[str], bool]) -> str:
    """The place a "-born" word names: a name the KG knows, or a nationality adjective's
    country ("Austrian-born"); "" for none ("first-born")."""
    if said.strip().lower() in _NOT_BIRTHPLACES:
        return ""
    if known(said):
        return said
    return next((c for c in countries(said) if known(c)), "")


def _born_elsewhere(text: str, known: Callable[[str], bool]) -> str | None:
    """ "S is Tallinn-born" as "S was born in Tallinn."; "Salzburg-born S returned to the
    stage" (or "Salzburg-born conductor S ...") as "S was born in Salzburg. S returned to
    the stage." (S the longest name the KG knows after "-born" and any lower-case words); "S, the Chicago-born singer, was remembered ..." as "S
    was born in Chicago. S was remembered ...", "R, the Boston-based label, ..." and "R is a
    Boston-based label" as "R is based in Boston.", "a Harvard-educated writer" as educated
    at Harvard."""
    m = _BORN_PREDICATE.match(text)
    if m is not None and known(m["s"]):
        place = _birthplace(m["place"], known)
        return f"{m['s']} was born in {place}." if place else None
    m = _PLACE_APPOSITIVE.match(text) or _PLACE_COMPOUND.match(text)
    if m is not None and known(m["s"]):
        place = _birthplace(m["place"], known) if m["how"] == "born" else m["place"]
        if not place or not known(place):
            return None
        said = f"{m['s']} {_PLACED[m['how']]} {place}."
        return f"{said} {m['s']} {m['rest']}" if "rest" in m.groupdict() else said
    m = _BORN_BEFORE.match(text)
    if m is None:
        return None
    place = _birthplace(m["place"], known)
    words = m["rest"].split()
    # "Brooklyn-born songwriter Carole King will ...": what the name is, in lower case, first;
    # a news lede's way of saying who is meant ("songwriter" for a composer), not a claim
    lead = next((i for i, w in enumerate(words) if not w[:1].islower()), len(words))
    for n in range(len(words) - 1, lead, -1):
        name = " ".join(words[lead:n])
        if place and known(name):
            return f"{name} was born in {place}. {name} {' '.join(words[n:])}"
    return None


def asked(text: str, known: Callable[[str], bool]) -> str | None:
    """A yes-no question as the statement it asks about: "Was S born in O?" -> "S was born in
    O.", "Did S play for O?" -> "S did play for O." (the subject the longest name the KG knows
    right after the verb, or one reached through it: "Was S's spouse born in O?", "Was the
    director of F born in O?"); a statement that ends in a question mark ends in a full stop."""
    m = _ASKED.match(text)
    if m is not None:
        words = m["rest"].split()
        for n in range(len(words) - 1, 0, -1):
            if _asked_subject(" ".join(words[:n]), known):
                aux = m["aux"].lower()
                return _stop(f"{' '.join(words[:n])} {aux} {' '.join(words[n:])}")
    if text.rstrip().endswith("?"):
        return _stop(text.rstrip().rstrip("?").rstrip())
    return None


# "S's spouse", "the director of F": a subject reached through a name
_THROUGH = re.compile(r"^(?:(?P<owner>.+?)['’]s?\s+\w+|the\s+\w+\s+of\s+(?P<of>.+))$", re.I)


def _asked_subject(span: str, known: Callable[[str], bool]) -> bool:
    """Is ``span`` a name the KG knows, or a role or kin of one ("S's spouse", "the director
    of F")?"""
    if known(span):
        return True
    m = _THROUGH.match(span)
    return m is not None and known(m["owner"] or m["of"])


def _stop(text: str) -> str:
    """``text`` ending in a full stop ("Washington, D.C." keeps its one)."""
    return text if text.endswith((".", "!")) else text + "."


def _relative_on_noun(text: str, doc: Doc, known: Callable[[str], bool]) -> str | None:
    """ "S is someone who speaks O" -> "S speaks O."; "S is someone whose occupation is O" ->
    "S's occupation is O."; "The piano is among the instruments S plays" -> "S plays the
    piano." (the names the KG knows)."""
    m = _WHO.match(text)
    if m is not None and known(m["s"]):
        rest = m["rest"].strip()
        if m["who"].lower() == "whose":
            return _stop(f"{m['s']}'s {rest}")
        return _stop(f"{m['s']} {rest}")
    m = _AMONG.match(text)
    if m is None or not known(m["s"]) or not known(m["o"]):
        return None
    # "S was a citizen of O for many years": the noun runs on into a preposition and what
    # follows the name is no verb
    if set(m["nouns"].split()) & _FUNCTION_WORDS or m["v"].split()[0] in _FUNCTION_WORDS:
        return None
    # "O is the place where S was founded": a where-clause, the reader's (it keeps the "in")
    if set(m["nouns"].split()) & _WH_WORDS:
        return None
    # ... and it is a verb as the parser reads it ("S is a contemporary R&B artist": "R&B" is
    # a name after a noun, "artist" no verb)
    words = m["v"].split()
    tail = [t for t in doc if not t.is_punct][-len(words) :]
    if [t.text for t in tail] != words or not any(t.pos_ in ("VERB", "AUX") for t in tail):
        return None
    return _stop(f"{m['s']} {m['v']} {(m['the'] or '').lower()}{m['o']}")


def _rooted(text: str, known: Callable[[str], bool]) -> str | None:
    """ "S's style is rooted in O" as "S is rooted in O" (S a name the KG knows)."""
    m = _ROOTED.match(text)
    if m is None or not known(m["s"]):
        return None
    verb = "is" if m["verb"].lower() in ("is", "are") else "was"
    return f"{m['s']} {verb} {m['neg'] or ''}rooted in {text[m.end() :]}"


def _raised(text: str, unchecked: list[str] | None) -> str | None:
    """ "S was born and grew up in O" as "S was born in O", the upbringing added to
    ``unchecked`` (no KG property holds it)."""
    m = _RAISED.search(text)
    if m is None:
        return None
    if unchecked is not None:
        unchecked.append(" ".join(m["what"].split()))
    return text[: m.start()] + "born " + text[m.end() :]


def _when(text: str, doc: Doc, unchecked: list[str] | None) -> str | None:
    """ "S graduated from O in 1960" as "S graduated from O", the year named as unchecked.

    Only after an object or a place: in "S passed away in 1999" the year is what the claim
    says (the parse tells: "in" hangs from a noun, or from a verb with an object before it).
    """
    m = _WHEN.search(text)
    if m is None or _DATED_VERB.search(text[: m.start()]):
        return None
    year = next((t for t in reversed(doc) if t.text[:4].isdigit()), None)
    prep = year.head if year is not None else None
    if prep is None or prep.dep_ != "prep" or prep.head is prep:
        return None
    host = prep.head
    if host.pos_ in ("VERB", "AUX") and not any(
        c.i < prep.i and c.dep_ in ("dobj", "attr", "prep", "dative", "acomp", "oprd")
        for c in host.children
    ):
        return None
    if unchecked is not None:
        unchecked.append(" ".join(m["when"].split()))
    return text[: m.start()] + (m["end"] or ".")


_OWNED_TO = (
    r"(?:has\s+|have\s+|had\s+)?(?:acknowledg|felt|feel|show|cit|admit|credit|not|recogni[sz])"
    r"(?:e[sd]?|s|ed|n)?"
)
_INFLUENCE = (
    # "S acknowledged the influence of O", "S felt O's influence"
    re.compile(
        rf"^(?P<s>[^,;:]+?)\s+{_OWNED_TO}\s+(?:the\s+)?influence\s+of\s+(?P<o>[^,;:]+?)"
        r"\s*(?P<end>[.!]?)\s*$",
        re.I,
    ),
    re.compile(
        rf"^(?P<s>[^,;:]+?)\s+{_OWNED_TO}\s+(?P<o>[^,;:]+?)(?:'s|')\s+influence"
        r"\s*(?P<end>[.!]?)\s*$",
        re.I,
    ),
    # "O is someone whose influence S acknowledged"
    re.compile(
        r"^(?P<o>[^,;:]+?)\s+(?:is|was)\s+(?:someone|somebody|(?:a|an|one)\s+\w+)\s+whose\s+"
        rf"influence\s+(?P<s>[^,;:]+?)\s+{_OWNED_TO}\s*(?P<end>[.!]?)\s*$",
        re.I,
    ),
)


# "Among those born in O is S", "Among the people buried at O was S"
_AMONG_THOSE = re.compile(
    r"^\s*among\s+(?:those|the\s+people|the\s+ones|the\s+many|people|the\s+notable\s+people)\s+"
    r"(?:who\s+(?:were|are)\s+)?(?P<what>born|buried|educated|raised)\s+(?P<prep>in|at)\s+"
    r"(?P<o>[^,;:]+?)\s+(?:is|was|are|were)\s+(?P<s>[^,;:]+?)\s*(?P<end>[.!]?)\s*$",
    re.I,
)

# "S is Harvard-educated", "S was University of Oxford-educated"
_EDUCATED = re.compile(
    r"^(?P<s>[^,;:]+?)\s+(?:is|was)\s+(?P<o>[^;:]+?)-educated\s*(?P<end>[.!]?)\s*$", re.I
)

# "O is the hometown of S", "O is also the birthplace of S": where S was born, said of the place
_HOMETOWN = re.compile(
    r"^\s*(?P<o>[^,;:]+?)\s+(?:is|was)\s+(?:also\s+)?(?:the\s+)?(?:hometown|home\s+town|"
    r"birthplace|place\s+of\s+birth)\s+of\s+(?P<s>[^,;:]+?)\s*(?P<end>[.!]?)\s*$",
    re.I,
)

# Sentences naming S and O that read as a plain "S R O" when the KG knows both names: the
# pattern (groups s, o and end) and the plain sentence made of its match
_NAMED_PAIRS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    # "S acknowledged the influence of O", "S felt O's influence", "O is someone whose
    # influence S acknowledged"
    *((p, lambda m: f"{m['s']} was influenced by {m['o']}") for p in _INFLUENCE),
    # "Among those born in O is S" (buried, educated, raised)
    (_AMONG_THOSE, lambda m: f"{m['s']} was {m['what'].lower()} {m['prep'].lower()} {m['o']}"),
    (_EDUCATED, lambda m: f"{m['s']} was educated at {m['o']}"),  # "S is O-educated"
    # "O is home to the headquarters of S"
    (_HOME_TO, lambda m: f"{m['s']} is headquartered in {m['o']}"),
    (_HOMETOWN, lambda m: f"{m['s']} was born in {m['o']}"),  # "O is the hometown of S"
)


def _named_pair(text: str, known: Callable[[str], bool]) -> str | None:
    """The plain sentence of the first of :data:`_NAMED_PAIRS` that ``text`` is, both names
    known; None otherwise."""
    for pattern, plain in _NAMED_PAIRS:
        m = pattern.match(text)
        if m is not None and known(m["s"]) and known(m["o"]):
            return plain(m) + (m["end"] or ".")
    return None


def _cleft(text: str, known: Callable[[str], bool]) -> str | None:
    """ "It was in O that S was born" and "It is O of which S is a citizen" as "S was born in
    O", "S is a citizen of O" (O a name the KG knows, or a year); "It is as a poet that S is
    known" as "S is known as a poet"."""
    m = _CLEFT.match(text)
    if m is None or (m["prep"] and m["which"]):
        return None
    prep = (m["prep"] or m["which"] or "").strip()
    role = prep.lower() == "as" and re.match(r"(?:a|an)\s", m["o"], re.I) is not None
    if not (role or known(m["o"]) or re.fullmatch(r"\d{3,4}", m["o"])):
        return None
    return f"{m['rest']} {f'{prep} ' if prep else ''}{m['o']}{m['end'] or '.'}"


def _there(text: str, known: Callable[[str], bool], unchecked: list[str] | None) -> str | None:
    """ "S moved to O and died there" as "S died in O": S the longest known name the sentence
    starts with, O the known name after its last "in", "to" or "at"; what S did there first
    ("moved to O") is added to ``unchecked``."""
    m = _THERE.match(text)
    if m is None:
        return None
    head = m["head"]
    places = list(_PLACE_PREP.finditer(head))
    if not places:
        return None
    place = head[places[-1].end() :].strip()
    words = head[: places[-1].start()].split()
    subject = next(
        (" ".join(words[:k]) for k in range(len(words) - 1, 0, -1) if known(" ".join(words[:k]))),
        None,
    )
    if subject is None or not known(place):
        return None
    first = " ".join(head[len(subject) :].split())
    if unchecked is not None and not (_LAST_DAYS.match(first) and m["what"].lower() == "died"):
        unchecked.append(first)
    return f"{subject} {' '.join(m['what'].split())} in {place}{m['end'] or '.'}"


def _event_of(text: str, known: Callable[[str], bool]) -> str | None:
    """ "The death of S occurred in O" as "S's death occurred in O" (S a name the KG knows)."""
    m = _EVENT_OF.match(text)
    if m is None or not known(m["s"]):
        return None
    return f"{m['s']}'s {m['event'].lower()} {m['rest']}"


def _bare(what: str) -> str:
    """ "any diplomatic relations" / "a treaty" without its determiner (after "not")."""
    first, _, rest = what.partition(" ")
    return rest if rest and first.lower() in ARTICLES | {"any"} else what


def _leading_segment(doc: Doc) -> set[int]:
    """ "According to records, S" / "In fact, S": the words before the first comma, if no name."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    comma = next((t.i for t in doc if t.text == ","), None)
    if root is None or comma is None or comma == 0 or comma > root.i:
        return set()
    seg = doc[:comma]
    first = seg[0].lower_
    if first not in _SOURCE_STARTS and (
        seg[0].pos_ not in ("ADP", "ADV", "SCONJ")
        or any(t.ent_type_ or t.like_num or t.pos_ == "PROPN" for t in seg)
    ):
        return set()
    if any(t.dep_ in ("nsubj", "nsubjpass") and t.head.i == root.i for t in seg):
        return set()  # the segment holds the subject: not a frame
    return set(range(comma + 1))


def _hedges(doc: Doc) -> set[int]:
    out = set()
    for t in doc:
        if t.lower_ in HEDGES and t.dep_ == "advmod":
            out.add(t.i)
            if t.i + 1 < len(doc) and doc[t.i + 1].text == "," and t.i == 0:
                out.add(t.i + 1)
    return out


_Described = tuple[set[int], "str | None"]


def _apposition(doc: Doc, known: Callable[[str], bool]) -> _Described:
    """ "X, a sovereign state, has ...": a description between commas after the subject; (the
    words to drop, "X is a sovereign state." when the description can be checked)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return set(), None
    for t in doc:
        if t.text != "," or t.i == 0 or t.i + 1 >= len(doc) or t.i > root.i:
            continue
        if doc[t.i + 1].lower_ not in ARTICLES:
            return set(), None
        end = next((u.i for u in doc[t.i + 1 :] if u.text == ","), None)
        if end is None or end > root.i:
            return set(), None
        seg = doc[t.i + 1 : end]
        if any(u.pos_ == "PROPN" and u.ent_type_ != "NORP" for u in seg) or any(
            u.pos_ in ("VERB", "AUX") for u in seg
        ):
            return set(), None
        return set(range(t.i, end + 1)), _statement(doc[: t.i].text, seg.text, known)
    return set(), None


def _statement(name: str, description: str, known: Callable[[str], bool]) -> str | None:
    """ "X is a poet." for a description the KG can check: a name it knows ("poet", "film
    actor"), or a nationality adjective before one ("American composer"); None otherwise.

    A description the KG cannot check ("the 44th president") is still dropped unread; one
    it can is no longer taken for granted: "Frank Zappa, a poet, was born in Baltimore"
    was SUPPORTED on the birthplace alone.
    """
    if not known(name):
        return None
    words = description.split()
    while words and words[0].lower() in ARTICLES:
        words = words[1:]
    desc = " ".join(words)
    if not desc:
        return None
    rest = " ".join(words[1:])
    if not (known(desc) or (is_nationality(words[0]) and (not rest or known(rest)))):
        return None
    article = "an" if desc[:1].lower() in "aeiou" else "a"
    return f"{name} is {article} {desc}."


def _descriptor(doc: Doc, known: Callable[[str], bool]) -> _Described:
    """ "The American actor X was born in Y": the words before a known name in the subject;
    (the words to drop, "X is an American actor." when the description can be checked)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return set(), None
    if root.pos_ == "NOUN":
        # "The country Italy has ...": spaCy may hang the sentence on the descriptor, the
        # predicate a relative clause of it
        root = next(
            (c for c in root.children if c.dep_ == "relcl" and c.pos_ in ("VERB", "AUX")), root
        )
    # the words before the predicate (its auxiliaries included): the subject's region
    start = 0
    end = min([root.i] + [c.i for c in root.children if c.dep_ in ("aux", "auxpass", "neg")])
    if end < 2 or any(t.is_punct for t in doc[start:end]):
        return set(), None
    whole = doc[start:end]
    if len(whole) < 2 or known(whole.text) or known(doc[start + 1 : end].text):
        return set(), None
    for k in range(start + 1, end):
        tail = doc[k:end]
        head = doc[start:k]
        if not tail[0].is_title or not known(tail.text):
            continue
        if head[-1].pos_ == "CCONJ":
            # "Slovenia and Belarus have diplomatic relations": a pair (spaCy may tag the
            # first name a common noun), not a description of the second
            return set(), None
        if all(
            t.pos_ in _DESCRIPTOR_POS or (t.pos_ == "PROPN" and t.ent_type_ == "NORP") for t in head
        ) and any(t.pos_ == "NOUN" for t in head):
            return set(range(start, k)), _statement(tail.text, head.text, known)
        return set(), None
    return set(), None


def _inner_descriptor(doc: Doc, known: Callable[[str], bool]) -> _Described:
    """ "S is married to the American actor X", "S and her husband, the American actor X,
    ...": a description with a nationality before a known name past the sentence's start;
    (the words to drop, "X is an American actor.") when the KG can check it
    (:func:`_statement`), else nothing. A nationality is a claim the KG can refute, not a
    way of saying who is meant; a kind alone ("the label Columbia Records") stays unread."""
    for t in doc:
        if t.i == 0 or t.lower_ not in ARTICLES:
            continue
        for k in range(t.i + 2, len(doc)):
            head = doc[t.i + 1 : k]
            if not doc[k].is_title or not all(
                u.pos_ in _DESCRIPTOR_POS - {"PUNCT", "CCONJ"} or u.ent_type_ == "NORP"
                for u in head
            ):
                continue
            ends = (e for e in range(len(doc), k, -1) if not doc[e - 1].is_punct)
            name = next((doc[k:e] for e in ends if known(doc[k:e].text)), None)
            if name is None or not any(u.pos_ == "NOUN" for u in head):
                continue
            if not any(is_nationality(u.text) for u in head):
                break  # "the label Columbia Records": a kind, as the name says; read as before
            said = _statement(name.text, head.text, known)
            if said is not None:
                return set(range(t.i, k)), said
            break
    return set(), None


# Words of praise before a noun ("a professional poet", "an accomplished guitar player"):
# they say how well, not what. A closed list: "American", "jazz", "former" stay.
_PRAISE = frozenset(
    {"professional", "accomplished", "renowned", "famous", "well-known", "celebrated", "noted",
     "prolific", "successful", "talented", "acclaimed", "award-winning", "prominent",
     "distinguished", "gifted", "skilled", "skillful", "skilful", "legendary", "influential",
     "popular", "respected", "seasoned", "notable", "leading", "brilliant", "great"}
)  # fmt: skip


def _praise(doc: Doc, known: Callable[[str], bool]) -> tuple[set[int], dict[int, str]]:
    """ "S is a professional poet" -> "S is a poet": a word of praise before a noun goes,
    unless the KG knows it with the noun as one name ("professional wrestler"); the article
    before it is mended ("an accomplished guitar player" -> "a guitar player")."""
    drop: set[int] = set()
    swap: dict[int, str] = {}
    for t in doc:
        if t.lower_ not in _PRAISE or t.dep_ != "amod" or t.head.pos_ != "NOUN" or t.head.i < t.i:
            continue
        if known(doc[t.i : t.head.i + 1].text):
            continue
        drop.add(t.i)
        before = doc[t.i - 1] if t.i > 0 else None
        if before is not None and before.lower_ in ("a", "an") and t.i + 1 < len(doc):
            an = doc[t.i + 1].lower_[:1] in "aeiou"
            word = "an" if an else "a"
            swap[before.i] = word.capitalize() if before.text[:1].isupper() else word
    return drop, swap


# "S's work was influenced by O", "S's music is rock music": what S makes stands for S.
_WORKS = frozenset(
    {"work", "works", "music", "writing", "writings", "art", "poetry", "songs", "films"}
)


def _possessed_work(doc: Doc, known: Callable[[str], bool]) -> tuple[set[int], dict[int, str]]:
    """ "S's work was influenced by O", "The genre of S's work is satire": "'s work" goes after
    a known name; "O influenced the work of S": "the work of" goes. (Words to drop, words to
    replace.)

    The name is the longest known span ending at the possessive marker (the
    claim's subject, or the object of "The genre of"). What a work *is* is its
    genre: "S's music is rock" and "The music of S is rock" read as "S's genre is
    rock", not "S is rock".
    """
    for t in doc:
        if t.lower_ not in _WORKS:
            continue
        kind = (  # the sentence's subject, from its first word: "S's music is O"
            t.dep_ in ("nsubj", "nsubjpass")
            and t.head.lemma_ == "be"
            and t.head.dep_ == "ROOT"
            and t.left_edge.i == 0
        )
        # "work" is also an alias of occupation: "The work of S is songwriter" is read by
        # its label frame, and "S's work is O" as "S is O"
        genre = kind and t.lower_ not in ("work", "works")
        if t.i >= 2 and doc[t.i - 1].tag_ == "POS":
            pos = doc[t.i - 1]
            if any(known(doc[start : pos.i].text) for start in range(pos.i)):
                return (set(), {t.i: "genre"}) if genre else ({pos.i, t.i}, {})
            continue
        of = doc[t.i + 1] if t.i + 1 < len(doc) else None
        if of is None or of.lower_ != "of" or of.head.i != t.i:
            continue
        owner = next((c for c in of.children if c.dep_ == "pobj"), None)
        if owner is None or not known(doc[owner.left_edge.i : owner.right_edge.i + 1].text):
            continue
        if kind:
            return (set(), {t.i: "genre"}) if genre else (set(), {})
        det = [c.i for c in t.children if c.dep_ == "det" and c.i < t.i]
        return {*det, t.i, of.i}, {}
    return set(), {}


def _inclusion(doc: Doc) -> dict[int, str]:
    """ "The cast of S includes O" states what "The cast of S is O" does (one value of many)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if (
        root is None
        or root.lemma_ not in ("include", "comprise")
        or root.tag_ not in ("VBZ", "VBP")
    ):
        return {}
    subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
    if subj is None or subj.pos_ != "NOUN":
        return {}
    if not any((c.dep_ == "prep" and c.lower_ == "of") or c.dep_ == "poss" for c in subj.children):
        return {}  # "The cast of S includes O", "S's influences include O"
    return {root.i: "is" if root.tag_ == "VBZ" else "are"}


def _participial(doc: Doc, known: Callable[[str], bool]) -> tuple[set[int], str] | None:
    """ "Born in Paris, S is a guitarist": the leading participle is a statement about S too
    ("S was born in Paris"), put after the sentence; (the words to drop, that statement).

    Without this the participle's statement was dropped unread and the claim judged
    on the main clause alone. "Having studied at Harvard, S ..." reads "S studied at
    Harvard".
    """
    if len(doc) < 4:
        return None
    having = doc[0].lower_ == "having"
    verb = doc[1] if having else doc[0]
    if verb.tag_ != "VBN" or verb.dep_ != "advcl" or verb.head.dep_ != "ROOT":
        return _inserted_participle(doc, known)
    comma = next((t.i for t in doc if t.text == ","), None)
    if comma is None or comma <= verb.i:
        return None
    name = _subject_name(verb.head, known)
    if name is None:
        return None
    words = doc[verb.i : comma].text
    statement = f"{name} {words}." if having else f"{name} was {words[:1].lower()}{words[1:]}."
    return set(range(comma + 1)), statement


def _inserted_participle(doc: Doc, known: Callable[[str], bool]) -> tuple[set[int], str] | None:
    """ "S, born in Paris, is a guitarist": the participle between commas after the subject."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    name = _subject_name(root, known) if subj is not None else None
    if subj is None or name is None:
        return None
    for t in doc[subj.i + 1 : root.i]:
        if t.tag_ == "VBN" and t.dep_ == "acl" and t.head.i == subj.i:
            before, after = (
                doc[t.i - 1],
                next((u for u in doc[t.i : root.i] if u.text == ","), None),
            )
            if before.text != "," or after is None:
                return None
            words = doc[t.i : after.i].text
            return set(range(before.i, after.i + 1)), f"{name} was {words}."
    return None


def _subject_name(root: Token, known: Callable[[str], bool]) -> str | None:
    """The clause's subject when it is a name ("Frank Zappa", "Tony Blair and Gordon Brown")."""
    subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None or subj.lower_ in _SUBJECT_PRONOUNS | _POSSESSIVE_PRONOUNS:
        return None
    doc = root.doc
    span = doc[subj.left_edge.i : subj.right_edge.i + 1]
    if any(t.is_punct or t.dep_ in ("relcl", "appos", "acl") for t in span):
        span = doc[subj.left_edge.i : subj.i + 1]  # "S, who ...,": the name alone
    if not (any(t.pos_ == "PROPN" for t in span) or known(span.text)):
        return None
    return span.text


_SUBJECT_PRONOUNS = frozenset({"he", "she", "they", "it"})
_PRONOUNS = _SUBJECT_PRONOUNS | {"this", "that", "which", "who", "i", "we", "you"}
_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their", "its"})


def _coreference(doc: Doc, known: Callable[[str], bool]) -> dict[int, str]:
    """ "S is a guitarist. He was born in B." / "... and his wife is W": a subject or possessive
    pronoun after the first sentence's subject names that subject.

    Without this the pronoun's statement could not be read and was dropped, and the
    claim was judged on its other statement alone. Hand-written (one antecedent, the
    subject a claim is about): no coreference model ships with the pipeline.
    """
    sents = list(doc.sents)
    if not sents:
        return {}
    root = sents[0].root
    name = _subject_name(root, known)
    if name is None:
        return {}
    subj = next(c for c in root.children if c.dep_ in ("nsubj", "nsubjpass"))
    out: dict[int, str] = {}
    for t in doc[subj.i + 1 :]:
        low = t.lower_
        clause = _clause(t)
        if clause.i == root.i:
            continue  # "S lost their life in O": the subject's own clause, nothing to name
        if low in _SUBJECT_PRONOUNS and t.dep_ in ("nsubj", "nsubjpass"):
            if any(c.dep_ == "ccomp" for c in t.head.children):
                continue  # "It is true that ...": a frame, not the subject
            out[t.i] = name
        elif low in _POSSESSIVE_PRONOUNS and t.dep_ == "poss" and clause.dep_ in ("ROOT", "conj"):
            # in a sentence or a conjoined clause of its own, not "S made B their home"
            out[t.i] = f"{name}'" if name.endswith("s") else f"{name}'s"
    return out


_CLAUSE_DEPS = frozenset({"ROOT", "conj", "ccomp", "advcl", "relcl", "parataxis"})


def _clause(t: Token) -> Token:
    """The head of the clause ``t`` is in (its sentence's root, or a conjoined or embedded verb)."""
    while t.dep_ not in _CLAUSE_DEPS and t.head.i != t.i:
        t = t.head
    return t


def _classifier(doc: Doc, known: Callable[[str], bool]) -> set[int]:
    """ "S was born in the city of O": "the city of" goes when O is a name and "city of O" is not."""
    for t in doc:
        if t.lower_ not in _CLASSIFIERS or t.i + 2 >= len(doc) or doc[t.i + 1].lower_ != "of":
            continue
        if t.i == 0 or doc[t.i - 1].lower_ != "the" or t.i - 1 == 0:
            continue
        rest = doc[t.i + 2 :]
        end = next((u.i for u in rest if u.is_punct and u.text != "-"), len(doc))
        name = doc[t.i + 2 : end]
        if len(name) and known(name.text) and not known(doc[t.i : end].text):
            return {t.i - 1, t.i, t.i + 1}
    return set()
