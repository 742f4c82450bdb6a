"""Held-out-style paraphrases of NL claims over a Wikidata KG (issue 14's goal, a second dev set).

``bench_claims.py`` verbalises each triple in eight phrasings, and claim
analysis was tuned on them. The issuer measures on claims whose phrasings we
do not know, so this set uses only phrasings that are *not* among those
eight, the way people and claim generators write: verb variants and
synonyms ("S hails from O", "S graduated from O", "S succumbed to O", "O
features in S"), other tenses ("S has been a member of O"), nouns the
property table does not use ("S's profession is O"), hedges and adverbs
("S was actually born in O"), frames around the sentence ("According to
records, ..."), and appositive subjects built from another fact the KG holds
about S ("The actor S was born in O", "S, a singer, plays the guitar").

Same KG and claim source as ``bench_claims.py`` (its ``dev_set``: CoDEx
valid triples the demo KG states and CoDEx hard negatives, both entities
labelled), with another seed, so other triples. Each template is written to
be grammatical and to keep the triple's meaning for every object of its
relation (a guard skips the objects it does not fit, e.g. "S makes O" only
for a genre that is music); the templates were written before any fix and
are not changed to suit the reader.

Reported: per template and per template class, the share of true claims
SUPPORTED (recall), of false ones SUPPORTED, of true ones REFUTED (must be
0); overall SUPPORTED precision/recall/F1; claims/s.

Run: ``python benchmarks/bench_paraphrases.py --split s --triples 150``
(``--failures N`` prints missed true claims). Results go to
``benchmarks/results/paraphrases.json``; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_claims import (  # noqa: E402
    CODEX,
    NATURAL,
    analysed,
    build_store,
    dev_set,
    log,
    make_verifier,
    md_table,
    possessive,
    prf,
    property_names,
)

from kgfc.kg import vocab as V  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "paraphrases.json"

# Template classes (the README's rows).
CLASSES = {
    "verb": "verb variant or synonym",
    "tense": "another tense or aspect",
    "noun": "a noun the property table lacks",
    "demonym": "the country as its nationality adjective",
    "hedge": "hedge or adverb",
    "frame": "a frame around the sentence",
    "appositive": "appositive subject",
    "blind": "written after the first fixes; tuned on by the entity-anchored fallback (no longer blind)",
    "blind2": "written before the entity-anchored fallback, never read against it",
    "blind3": "written before the range-driven re-reading, as its check; then tuned on",
    "blind4": "written before blind3's misses were read, as the check on that tuning",
    "blind5": "written at the start of a later session, before any run, as a fresh check",
    "blind6": "written at the start of the session after, before any run, as a fresh check",
    "blind7": "written after blind6's fixes, before any run, as the check on them",
    "blind8": "written at the start of the session after blind7, before any run, as a fresh check",
    "blind9": "written after blind8's fixes, before any run, as the check on them",
    "blind10": "written at the start of the session after blind9, before any run or change",
    "blind11": "written after blind10's fixes, before any run, as the check on them",
    "blind12": "written after blind11's fixes, before any run: new sentence shapes",
    "blind13": "written at the start of the session after blind12, before any run of it",
    "blind14": "written after blind13's fixes, before any run of it: dates and durations beside the claim",
    "blind15": "written at the start of session 12, before any run of it",
    "blind16": "written at the start of session 13, before any run of it",
    "blind17": "written after blind16's fixes, before any run of it, as the check on them",
    "blind18": "written after blind17's fixes, before any run of it",
    "blind19": "written after blind18's fixes, before any run of it: how people type, and triple-like lines",
    "blind20": "written after blind19's fixes, before any run of it",
    "blind21": "written after blind20's fixes, before any run of it",
    "blind22": "written after blind21's fixes, before any run of it",
    "qualified": "true triples with a time, an upbringing or a duration the KG does not hold (QUALIFIED)",
}

MUSIC = re.compile(r"\b(?:music|rock|pop|jazz|blues|hip hop|rap|metal|punk|soul|folk|country|funk|reggae|disco|techno|house|electronic|gospel|opera|classical|R&B|ska|grunge)\b", re.I)  # fmt: skip


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _music(o: str) -> bool:
    return bool(MUSIC.search(o))


# PID -> [(name, class, template or function(s, o) -> text | None)]
Template = tuple[str, str, "str | Callable[[str, str], str | None]"]
TEMPLATES: dict[str, list[Template]] = {
    "P106": [
        ("works_as", "verb", lambda s, o: f"{s} works as {_a(o)}."),
        ("by_profession", "noun", lambda s, o: f"{s} was {_a(o)} by profession."),
        ("has_worked_as", "tense", lambda s, o: f"{s} has worked as {_a(o)}."),
        ("profession_is", "noun", "{s}'s profession is {o}."),
        ("known_as", "verb", lambda s, o: f"{s} is known as {_a(o)}."),
        ("career_as", "noun", lambda s, o: f"{s} had a career as {_a(o)}."),
    ],
    "P27": [
        ("holds_citizenship_of", "verb", "{s} holds citizenship of {o}."),
        ("has_citizenship_in", "verb", "{s} has citizenship in {o}."),
        ("national_of", "noun", "{s} is a national of {o}."),
        ("hails_from", "verb", "{s} hails from {o}."),
        ("nationality_is", "noun", "{s}'s nationality is {o}."),
        ("has_been_citizen", "tense", "{s} has been a citizen of {o}."),
    ],
    "P1412": [
        ("speaks_fluent", "hedge", "{s} speaks fluent {o}."),
        ("fluent_in", "verb", "{s} is fluent in {o}."),
        ("can_speak", "verb", "{s} can speak {o}."),
        ("writes_in", "verb", "{s} writes in {o}."),
        ("is_speaker", "noun", lambda s, o: f"{s} is {_a(o)} speaker."),
        ("spoke", "tense", "{s} spoke {o}."),
    ],
    "P136": [
        ("makes", "verb", lambda s, o: f"{s} makes {o}." if _music(o) else None),
        ("performs", "verb", lambda s, o: f"{s} performs {o}." if _music(o) else None),
        ("associated_genre", "verb", "{s} is associated with the {o} genre."),
        ("style_is", "noun", lambda s, o: f"{possessive(s)} style is {o}." if _music(o) else None),
        ("known_for_genre", "verb", "{s} is known for {o}."),
        ("has_worked_in_genre", "tense", "{s} has worked in the {o} genre."),
    ],
    "P463": [
        ("belongs_to", "verb", "{s} belongs to {o}."),
        ("has_been_member", "tense", "{s} has been a member of {o}."),
        ("joined", "verb", "{s} joined {o}."),
        ("membership_in", "noun", "{s} holds membership in {o}."),
        ("one_of_members", "noun", "{s} is one of the members of {o}."),
        ("is_member_state", "noun", "{s} is a member state of {o}."),
    ],
    "P530": [
        ("maintains", "verb", "{s} maintains diplomatic relations with {o}."),
        ("and_have", "verb", "{s} and {o} have diplomatic relations."),
        ("ties", "noun", "{s} has diplomatic ties with {o}."),
        ("has_established", "tense", "{s} has established diplomatic relations with {o}."),
        ("relations_exist", "frame", "Diplomatic relations exist between {s} and {o}."),
    ],
    "P1303": [
        ("player", "noun", lambda s, o: f"{s} is {_a(o)} player."),
        ("performs_on", "verb", "{s} performs on the {o}."),
        ("plays_bare", "verb", "{s} plays {o}."),
        ("has_played", "tense", "{s} has played the {o}."),
        ("instrument_is", "noun", "{s}'s instrument is the {o}."),
    ],
    "P264": [
        ("records_for", "verb", "{s} records for {o}."),
        ("released_on", "verb", "{s} released records on {o}."),
        ("signed_with", "tense", "{s} has been signed with {o}."),
        ("label_is", "noun", "{s}'s label is {o}."),
        ("o_signed", "verb", "{o} signed {s}."),
    ],
    "P737": [
        ("drew_inspiration", "verb", "{s} drew inspiration from {o}."),
        ("cites_influence", "verb", "{s} cites {o} as an influence."),
        ("influence_on", "noun", "{o} was an influence on {s}."),
        ("work_influenced", "noun", "{s}'s work was influenced by {o}."),
        ("inspired", "verb", "{o} inspired {s}."),
    ],
    "P140": [
        ("practises", "verb", "{s} practises {o}."),
        ("adheres_to", "verb", "{s} adheres to {o}."),
        ("follows", "verb", "{s} follows {o}."),
        ("faith_is", "noun", "{s}'s faith is {o}."),
    ],
    "P172": [
        ("member_of_group", "noun", "{s} is a member of the {o} ethnic group."),
        ("ethnicity_is", "noun", "{s}'s ethnicity is {o}."),
        ("belongs_to_community", "verb", "{s} belongs to the {o} community."),
    ],
    "P19": [
        ("hails_from", "verb", "{s} hails from {o}."),
        ("native_of", "noun", "{s} is a native of {o}."),
        ("came_into_world", "verb", "{s} came into the world in {o}."),
        ("birthplace_was", "tense", "{s}'s birthplace was {o}."),
        ("born_and_raised", "verb", "{s} was born and raised in {o}."),
    ],
    "P20": [
        ("passed_away", "verb", "{s} passed away in {o}."),
        ("died_at", "verb", "{s} died at {o}."),
        ("life_ended", "noun", "{s}'s life ended in {o}."),
        ("death_occurred", "noun", "{s}'s death occurred in {o}."),
    ],
    "P101": [
        ("specialises", "verb", "{s} specialises in {o}."),
        ("works_on", "verb", "{s} works on {o}."),
        ("active_in", "verb", "{s} is active in the field of {o}."),
        ("field_is", "noun", "{s}'s field is {o}."),
        ("expert_in", "noun", "{s} is an expert in {o}."),
    ],
    "P108": [
        ("works_for", "tense", "{s} works for {o}."),
        ("on_staff", "noun", "{s} was on the staff of {o}."),
        ("employed_at", "tense", "{s} has been employed at {o}."),
        ("hired_by", "verb", "{s} was hired by {o}."),
        ("o_employed", "verb", "{o} employed {s}."),
    ],
    "P551": [
        ("resides_in", "verb", "{s} resides in {o}."),
        ("has_lived", "tense", "{s} has lived in {o}."),
        ("settled_in", "verb", "{s} settled in {o}."),
        ("made_home", "verb", "{s} made {o} their home."),
    ],
    "P30": [
        ("lies_in", "verb", "{s} lies in {o}."),
        ("located_in", "verb", "{s} is located in {o}."),
        ("situated_in", "verb", "{s} is situated in {o}."),
    ],
    "P69": [
        ("graduated_from", "verb", "{s} graduated from {o}."),
        ("attended", "verb", "{s} attended {o}."),
        ("alumnus", "noun", "{s} is an alumnus of {o}."),
        ("went_to", "verb", "{s} went to {o}."),
        ("student_at", "noun", "{s} was a student at {o}."),
    ],
    "P509": [
        ("died_from", "verb", "{s} died from {o}."),
        ("succumbed", "verb", "{s} succumbed to {o}."),
        ("death_caused", "noun", "{s}'s death was caused by {o}."),
        ("result_of", "verb", "{s} died as a result of {o}."),
    ],
    "P37": [
        ("has_as_official", "verb", "{s} has {o} as its official language."),
        ("official_in", "noun", "{o} is an official language in {s}."),
        ("spoken_officially", "hedge", "{o} is officially spoken in {s}."),
    ],
    "P102": [
        ("belongs_to", "verb", "{s} belongs to the {o}."),
        ("affiliated", "verb", "{s} is affiliated with the {o}."),
        ("joined", "verb", "{s} joined the {o}."),
        ("was_member", "tense", "{s} was a member of the {o}."),
        ("represented", "verb", "{s} represented the {o}."),
    ],
    "P361": [
        ("forms_part", "verb", "{s} forms part of {o}."),
        ("component", "noun", "{s} is a component of {o}."),
        ("belongs_to", "verb", "{s} belongs to {o}."),
    ],
    "P3373": [
        ("are_siblings", "verb", "{s} and {o} are siblings."),
        ("has_sibling_named", "noun", "{s} has a sibling named {o}."),
        ("o_is_sibling", "noun", "{o} is {s}'s sibling."),
    ],
    "P135": [
        ("belonged_to", "verb", "{s} belonged to the {o} movement."),
        ("associated", "verb", "{s} was associated with {o}."),
        ("figure_of", "noun", "{s} was a figure of the {o} movement."),
    ],
    "P119": [
        ("laid_to_rest", "verb", "{s} was laid to rest in {o}."),
        ("interred", "verb", "{s} is interred in {o}."),
        ("grave_is", "noun", "{s}'s grave is in {o}."),
        ("resting_place", "noun", "{s}'s final resting place is {o}."),
    ],
    "P17": [
        ("located_in", "verb", "{s} is located in {o}."),
        ("situated_in", "verb", "{s} is situated in {o}."),
        ("lies_in", "verb", "{s} lies in {o}."),
    ],
    "P161": [
        ("appeared_in", "verb", "{o} appeared in {s}."),
        ("acted_in", "verb", "{o} acted in {s}."),
        ("features", "verb", "{s} features {o}."),
        ("stars", "tense", "{s} stars {o}."),
        ("role_in", "noun", "{o} had a role in {s}."),
        ("cast_includes", "noun", "The cast of {s} includes {o}."),
    ],
    "P1050": [
        ("diagnosed", "verb", "{s} was diagnosed with {o}."),
        ("had", "verb", "{s} had {o}."),
        ("lived_with", "verb", "{s} lived with {o}."),
    ],
    "P26": [
        ("is_married", "tense", "{s} is married to {o}."),
        ("married", "verb", "{s} married {o}."),
        ("were_married", "verb", "{s} and {o} were married."),
        ("wed", "verb", "{s} wed {o}."),
    ],
    "P57": [
        ("film_by", "noun", "{s} is a film by {o}."),
        ("helmed", "verb", "{o} helmed {s}."),
        ("directed_by_was", "noun", "{s} was a film directed by {o}."),
    ],
    "P840": [
        ("takes_place", "verb", "{s} takes place in {o}."),
        ("story_unfolds", "noun", "The story of {s} unfolds in {o}."),
        ("setting_is", "noun", "{s}'s setting is {o}."),
    ],
    "P495": [
        ("originates", "verb", "{s} originates from {o}."),
        ("made_in", "verb", "{s} was made in {o}."),
        ("produced_in", "verb", "{s} was produced in {o}."),
    ],
    "P40": [
        ("parent_of", "noun", "{s} is a parent of {o}."),
        ("has_child_named", "noun", "{s} has a child named {o}."),
        ("o_parent_is", "noun", "{o}'s parent is {s}."),
    ],
    "P641": [
        ("competes_in", "verb", "{s} competes in {o}."),
        ("player", "noun", lambda s, o: f"{s} is {_a(o)} player."),
    ],
    "P131": [
        ("situated_in", "verb", "{s} is situated in {o}."),
        ("lies_in", "verb", "{s} lies in {o}."),
    ],
    "P451": [
        ("in_relationship", "verb", "{s} was in a relationship with {o}."),
        ("dated", "verb", "{s} dated {o}."),
    ],
    "P54": [
        ("has_played_for", "tense", "{s} has played for {o}."),
        ("player_of", "noun", "{s} was a player of {o}."),
    ],
    "P112": [
        ("established", "verb", "{o} established {s}."),
        ("set_up", "verb", "{o} set up {s}."),
        ("co_founded", "verb", "{o} co-founded {s}."),
    ],
    "P50": [
        ("penned", "verb", "{s} was penned by {o}."),
        ("book_by", "noun", "{s} is a book by {o}."),
    ],
    "P800": [
        ("best_known_for", "verb", "{s} is best known for {o}."),
        ("famous_for", "verb", "{s} is famous for {o}."),
    ],
    "P159": [
        ("based_in", "verb", "{s} is based in {o}."),
        ("has_headquarters", "noun", "{s} has its headquarters in {o}."),
    ],
    "P749": [
        ("owned_by", "verb", "{s} is owned by {o}."),
        ("parent_company", "noun", "{o} is the parent company of {s}."),
    ],
}
# The "blind" class: templates written after the fixes above were made and measured, and
# not used to change the reader by those fixes (the check on how far they carried past the
# templates they were written against). The entity-anchored fallback (kgfc/nlp/anchored.py)
# was then tuned on its misses, so it is no longer blind: "blind2" below is the check.
BLIND: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("earns_living_as", lambda s, o: f"{s} earns a living as {_a(o)}."),
        ("employed_as", lambda s, o: f"{s} is employed as {_a(o)}."),
        ("made_name_as", lambda s, o: f"{s} made a name as {_a(o)}."),
    ],
    "P27": [
        ("became_citizen", "{s} became a citizen of {o}."),
        ("granted_citizenship", "{s} was granted citizenship of {o}."),
        ("passport", "{s} carries a passport of {o}."),
    ],
    "P1412": [
        ("able_to_speak", "{s} is able to speak {o}."),
        ("communicates_in", "{s} communicates in {o}."),
        ("knows", "{s} knows {o}."),
    ],
    "P463": [
        ("counted_among", "{s} is counted among the members of {o}."),
        ("admitted_to", "{s} was admitted to {o}."),
        ("has_membership_of", "{s} has membership of {o}."),
    ],
    "P530": [
        ("official_relations", "{s} has official relations with {o}."),
        ("entertains", "{s} entertains diplomatic relations with {o}."),
        ("are_partners", "{s} and {o} are diplomatic partners."),
    ],
    "P136": [
        (
            "falls_under",
            lambda s, o: f"{possessive(s)} music falls under {o}." if _music(o) else None,
        ),
        ("described_as", "{s}'s work is described as {o}."),
    ],
    "P1303": [
        ("skilled_at", "{s} is skilled at the {o}."),
        ("learned_to_play", "{s} learned to play the {o}."),
    ],
    "P264": [
        ("on_label", "{s} is on the {o} label."),
        ("albums_through", "{s} released albums through {o}."),
    ],
    "P737": [
        ("shaped_by", "{s} was shaped by {o}."),
        ("influence_of", "{s} came under the influence of {o}."),
    ],
    "P19": [
        ("city_of", "{s} was born in the city of {o}."),
        ("originally_from", "{s} is originally from {o}."),
    ],
    "P20": [("where_passed_away", "{o} is where {s} passed away.")],
    "P69": [
        ("degree_from", "{s} earned a degree from {o}."),
        ("graduate_of", "{s} is a graduate of {o}."),
    ],
    "P108": [
        ("position_at", "{s} held a position at {o}."),
        ("payroll", "{s} was on the payroll of {o}."),
    ],
    "P140": [("professes", "{s} professes {o}.")],
    "P161": [
        ("in_cast_of", "{o} is in the cast of {s}."),
        ("played_in", "{o} played in {s}."),
    ],
    "P101": [("researches", "{s} researches {o}.")],
    "*": [
        ("records_show", "Records show that {natural}"),
        ("well_documented", "As is well documented, {natural}"),
        ("notably", "Notably, {natural}"),
    ],
}


# The "blind2" class: written before the entity-anchored, embedding-aligned fallback was
# built and measured only (never used to change the reader), when "blind" became a tuning
# set for that fallback. Ordinary ways people and claim generators phrase these relations,
# none of them taken from the failures the fallback was built against.
BLIND2: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("trained_as", lambda s, o: f"{s} trained as {_a(o)}."),
        ("worked_professionally", lambda s, o: f"{s} worked professionally as {_a(o)}."),
    ],
    "P27": [
        ("has_o_citizenship", "{s} has {o} citizenship."),
        ("nationality_of", "{s} has the nationality of {o}."),
    ],
    "P1412": [
        ("proficient_in", "{s} is proficient in {o}."),
        ("speaks_the_language", "{s} speaks the {o} language."),
        ("command_of", "{s} has a command of {o}."),
    ],
    "P463": [
        ("participates_in", "{s} participates in {o}."),
        ("part_of_org", "{s} is part of {o}."),
    ],
    "P530": [
        ("maintain_ties", "{s} and {o} maintain diplomatic ties."),
        ("cooperates_diplomatically", "{s} cooperates diplomatically with {o}."),
    ],
    "P136": [
        ("genre_artist", lambda s, o: f"{s} is {_a(o)} artist." if _music(o) else None),
        ("genre_of_work", lambda s, o: f"The genre of {possessive(s)} work is {o}."),
    ],
    "P1303": [
        ("main_instrument", "{s}'s main instrument is the {o}."),
        ("known_for_playing", "{s} is known for playing the {o}."),
    ],
    "P264": [
        ("recorded_under", "{s} recorded under {o}."),
        ("put_out_records", "{s} put out records on {o}."),
    ],
    "P737": [
        ("heavily_influenced", "{s} was heavily influenced by {o}."),
        ("counts_among_influences", "{s} counts {o} among their influences."),
    ],
    "P19": [("birthplace_of", "{o} is the birthplace of {s}.")],
    "P20": [("breathed_last", "{s} breathed their last in {o}.")],
    "P69": [("received_education", "{s} received their education at {o}.")],
    "P108": [("took_job", "{s} took a job at {o}.")],
    "P140": [("follower_of", "{s} is a follower of {o}.")],
    "P161": [("cast_in", "{o} was cast in {s}.")],
    "P101": [("research_in", "{s} conducts research in {o}.")],
    "P26": [("tied_knot", "{s} tied the knot with {o}.")],
    "P509": [("lost_battle", "{s} lost their battle with {o}.")],
    "P57": [("director_of", "{o} was the director of {s}.")],
    "*": [
        ("sources_confirm", "Sources confirm that {natural}"),
        ("in_fact", "In fact, {natural}"),
    ],
}


# The "blind3" class: written at the start of the session that widened the fallback to
# readings whose relation does not fit the linked object (before that change was made or
# the class was run), as the check on it: more relations, and phrasings none of the earlier
# misses suggested.
BLIND3: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("serves_as", lambda s, o: f"{s} serves as {_a(o)}."),
        ("career_spans", lambda s, o: f"{s} has a long career as {_a(o)}."),
        ("by_trade", lambda s, o: f"{s} is {_a(o)} by trade."),
    ],
    "P27": [
        ("citizen_of_country", "{s} is a citizen of the country {o}."),
        ("passport_holder", "{s} holds a {o} passport."),
    ],
    "P1412": [
        ("converses_in", "{s} converses in {o}."),
        ("language_skills", "{s}'s language skills include {o}."),
        ("uses_language", "{s} uses the {o} language."),
    ],
    "P463": [
        ("membership_holds", "{s} holds a membership of {o}."),
        ("enrolled_member", "{s} is an enrolled member of {o}."),
        ("affiliated_with", "{s} is affiliated with {o}."),
    ],
    "P530": [
        ("diplomatic_links", "{s} has diplomatic links with {o}."),
        ("embassies", "{s} and {o} exchange ambassadors."),
    ],
    "P136": [
        ("plays_genre", lambda s, o: f"{s} plays {o}." if _music(o) else None),
        ("style_rooted", "{s}'s style is rooted in {o}."),
        ("is_genre_musician", lambda s, o: f"{s} is {_a(o)} musician." if _music(o) else None),
    ],
    "P1303": [
        ("picks_up", "{s} picks up the {o} on stage."),
        ("is_instrumentalist", "{s} is known as an instrumentalist on the {o}."),
    ],
    "P264": [
        ("under_contract", "{s} is under contract with {o}."),
        ("label_home", "{o} is the label home of {s}."),
    ],
    "P737": [
        ("looked_up_to", "{s} looked up to {o}."),
        ("influenced_s", "{o} influenced {s}."),
    ],
    "P140": [("practises", "{s} practises {o}."), ("faith_is", "{s}'s faith is {o}.")],
    "P172": [("belongs_to_ethnic", "{s} belongs to the {o} ethnic group.")],
    "P19": [
        ("came_into_world", "{s} came into the world in {o}."),
        ("native_of", "{s} is a native of {o}."),
    ],
    "P20": [("died_in_city", "{s} passed away in the city of {o}.")],
    "P101": [("specialises_in", "{s} specialises in {o}."), ("field_is", "{s}'s field is {o}.")],
    "P108": [("worked_for", "{s} worked for {o}."), ("employed_by", "{s} was employed by {o}.")],
    "P551": [("makes_home", "{s} makes their home in {o}."), ("resides", "{s} resides in {o}.")],
    "P30": [
        ("situated_in", "{s} is situated in {o}."),
        ("is_country_in", "{s} is a country in {o}."),
    ],
    "P69": [("studied_at", "{s} studied at {o}."), ("alumnus", "{s} is an alumnus of {o}.")],
    "P509": [
        ("cause_was", "{s}'s death was caused by {o}."),
        ("succumbed", "{s} succumbed to {o}."),
    ],
    "P37": [("language_official", "{o} is an official language of {s}.")],
    "P102": [("party_member", "{s} is a {o} politician."), ("ran_for", "{s} represented {o}.")],
    "*": [
        ("it_is_known", "It is known that {natural}"),
        ("reportedly", "Reportedly, {natural}"),
    ],
}


# The "blind4" class: written after blind3 was measured and before its misses were read
# (blind3 then became a tuning set), as the check on what was built from those misses.
BLIND4: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("pursued_career", lambda s, o: f"{s} pursued a career as {_a(o)}."),
        ("day_job", lambda s, o: f"By profession, {s} is {_a(o)}."),
    ],
    "P27": [
        ("nationality_holds", "{s} holds {o} nationality."),
        ("subject_of", "{s} is a subject of {o}."),
    ],
    "P1412": [
        ("knows_how", "{s} knows how to speak {o}."),
        ("tongue", "{s} speaks the {o} tongue."),
    ],
    "P463": [
        ("sits_in", "{s} has a seat in {o}."),
        ("among_members", "{o} counts {s} among its members."),
    ],
    "P530": [("recognises", "{s} has formal diplomatic relations with {o}.")],
    "P136": [
        ("sound_is", "{s}'s sound is {o}."),
        ("genre_act", lambda s, o: f"{s} is {_a(o)} act." if _music(o) else None),
    ],
    "P1303": [
        ("on_the", "{s} plays on the {o}."),
        ("instrument_of_choice", "The {o} is {s}'s instrument."),
    ],
    "P264": [("deal_with", "{s} has a record deal with {o}.")],
    "P737": [("inspired_by", "{s} was inspired by {o}.")],
    "P140": [("adheres", "{s} adheres to {o}.")],
    "P19": [("hometown", "{s} was born and raised in {o}.")],
    "P20": [("last_days", "{s} spent their last days in {o}.")],
    "P101": [("works_in_field", "{s} works in the field of {o}.")],
    "P108": [("staff", "{s} was on the staff of {o}.")],
    "P69": [("attended", "{s} attended {o}.")],
    "P551": [("lived_in", "{s} lived in {o}.")],
    "P102": [("joined_party", "{s} joined the {o}.")],
    "*": [("confirmed", "It has been confirmed that {natural}")],
}


# The "blind5" class: written at the start of a later session, before it was run, as a fresh
# check on every reading built so far; "*" entries use the property's Wikidata label
# ({label}), as claim generators do, or wrap the hand-written sentence ({natural}).
BLIND5: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("makes_living", lambda s, o: f"{s} makes a living as {_a(o)}."),
        ("employed_as", lambda s, o: f"{s} is employed as {_a(o)}."),
        ("job_is", "{s}'s job is {o}."),
    ],
    "P27": [
        ("citizenship_of", "{s} has the citizenship of {o}."),
        ("citizen_of_state", "{s} is a citizen of the state of {o}."),
    ],
    "P1412": [
        ("knows_language", "{s} knows the {o} language."),
        ("uses_to_communicate", "{s} uses {o} to communicate."),
    ],
    "P463": [
        ("elected_to", "{s} was elected to {o}."),
        ("enrolled", "{s} is enrolled in {o}."),
    ],
    "P530": [("between", "There are diplomatic relations between {s} and {o}.")],
    "P136": [
        ("proponent", "{s} is a proponent of {o}."),
        ("genre_artist", lambda s, o: f"{s} is {_a(o)} artist." if _music(o) else None),
    ],
    "P1303": [
        ("professionally", "{s} plays the {o} professionally."),
        ("proficient_on", "{s} is proficient on the {o}."),
    ],
    "P264": [
        ("signed_contract", "{s} signed a contract with {o}."),
        ("came_out_on", "{s}'s albums came out on {o}."),
    ],
    "P737": [
        ("strongly", "{s} was strongly influenced by {o}."),
        ("owes", "{s} owes much to {o}."),
    ],
    "P19": [
        ("born_at", "{s} was born at {o}."),
        ("first_light", "{s} first saw the light of day in {o}."),
    ],
    "P20": [
        ("life_ended", "{s}'s life ended in {o}."),
        ("lost_life", "{s} lost their life in {o}."),
    ],
    "P26": [
        ("spouse_of", "{s} is the spouse of {o}."),
        ("o_and_s_married", "{o} and {s} are married."),
    ],
    "P69": [
        ("completed_studies", "{s} completed their studies at {o}."),
        ("former_student", "{s} is a former student of {o}."),
    ],
    "P108": [
        ("employee_of", "{s} is an employee of {o}."),
        ("has_worked_at", "{s} has worked at {o}."),
    ],
    "P102": [
        ("party_member", "{s} belongs to the political party {o}."),
        ("is_party_member", "{s} is a member of the political party {o}."),
    ],
    "P551": [
        ("resident_of", "{s} is a resident of {o}."),
        ("lives_in", "{s} lives in {o}."),
    ],
    "P140": [("professes_faith", "{s} professes the {o} faith.")],
    "P101": [
        ("area_of_expertise", "{s}'s area of expertise is {o}."),
        ("contributions", "{s} made contributions to {o}."),
    ],
    "P37": [("official_status", "{o} has official status in {s}.")],
    "P30": [("can_be_found", "{s} can be found in {o}.")],
    "P161": [
        ("one_of_actors", "{o} was one of the actors in {s}."),
        ("part_of_cast", "{o} is part of the cast of {s}."),
    ],
    "P57": [("credited_director", "{o} is credited as the director of {s}.")],
    "P495": [("originated_in", "{s} originated in {o}.")],
    "P17": [("lies_within", "{s} lies within {o}.")],
    "*": [
        ("a_label_of", "A {label} of {s} is {o}."),
        ("o_is_a_label_of", "{o} is a {label} of {s}."),
        ("has_the_label", "{s} has the {label} {o}."),
        ("label_was", "The {label} of {s} was {o}."),
        ("lowercase", lambda natural: natural[:1].lower() + natural[1:]),
        ("no_period", lambda natural: natural.rstrip(".")),
        ("it_is_a_fact", "It is a fact that {natural}"),
    ],
}


# The "blind6" class: written at the start of the session after blind5's, before it was run,
# each phrasing new to every earlier class.
BLIND6: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("found_fame", lambda s, o: f"{s} found fame as {_a(o)}."),
        ("professional", "{s} is a professional {o}."),
        ("for_years", lambda s, o: f"{s} worked as {_a(o)} for many years."),
    ],
    "P27": [
        ("by_birth", "{s} is a citizen of {o} by birth."),
        ("naturalised", "{s} became a naturalised citizen of {o}."),
    ],
    "P1412": [
        ("fluently", "{s} speaks {o} fluently."),
        ("native_speaker", "{s} is a native speaker of {o}."),
        ("one_of_languages", "{o} is one of the languages {s} speaks."),
    ],
    "P463": [
        ("became_member", "{s} became a member of {o}."),
        ("acceded", "{s} acceded to {o}."),
    ],
    "P530": [
        ("have_established", "{s} and {o} have established diplomatic relations."),
        ("link", "Diplomatic relations link {s} and {o}."),
    ],
    "P136": [
        ("classified_as", "{s} is often classified as {o}."),
        ("performer", lambda s, o: f"{s} is {_a(o)} performer." if _music(o) else None),
    ],
    "P1303": [
        ("virtuoso", "{s} is a virtuoso on the {o}."),
        ("accomplished", lambda s, o: f"{s} is an accomplished {o} player."),
    ],
    "P264": [
        ("roster", "{s} is on {o}'s roster."),
        ("inked", "{s} inked a deal with {o}."),
        ("recording_artist", lambda s, o: f"{s} is {_a(o)} recording artist."),
    ],
    "P737": [
        ("acknowledged", "{s} acknowledged {o} as an influence."),
        ("work_influenced", "{o}'s work influenced {s}."),
    ],
    "P19": [
        ("native", lambda s, o: f"{s} is {_a(o)} native."),
        ("town_of", "{s} was born in the town of {o}."),
    ],
    "P20": [
        ("at_home", "{s} died at home in {o}."),
        ("passed_on", "{s} passed on in {o}."),
    ],
    "P26": [
        ("got_married", "{s} and {o} got married."),
        ("o_married_to", "{o} is married to {s}."),
    ],
    "P69": [
        ("degree_from", "{s} holds a degree from {o}."),
        ("enrolled_at", "{s} enrolled at {o}."),
    ],
    "P108": [
        ("works_at", "{s} works at {o}."),
        ("employer_of", "{o} is the employer of {s}."),
        (
            "professor_at",
            lambda s, o: f"{s} is a professor at {o}." if "Universit" in o else None,
        ),
    ],
    "P102": [
        ("politician_of", "{s} is a politician of the {o}."),
        ("party_member", "{s} is a {o} member."),
    ],
    "P551": [
        ("lives_and_works", "{s} lives and works in {o}."),
        ("has_a_home", "{s} has a home in {o}."),
    ],
    "P140": [("believer", "{s} is a believer in {o}."), ("converted", "{s} converted to {o}.")],
    "P101": [
        ("devoted", "{s} devoted their career to {o}."),
        ("known_for_work", "{s} is known for work in {o}."),
    ],
    "P37": [("official_language_in", "The official language in {s} is {o}.")],
    "P30": [("on_the_continent", "{s} is located on the {o} continent.")],
    "P161": [
        ("had_a_part", "{o} had a part in {s}."),
        ("was_in_the_film", "{o} was in the film {s}."),
    ],
    "P57": [("a_film_by_name", "{s} is a {o} film."), ("made_the_film", "{o} made the film {s}.")],
    "P495": [("created_in", "{s} was created in {o}."), ("is_from", "{s} is from {o}.")],
    "P17": [
        ("place_in", "{s} is a place in {o}."),
        ("belongs_country", "{s} belongs to the country {o}."),
    ],
    "*": [
        ("has_o_as_label", "{s} has {o} as {label}."),
        ("label_for", "The {label} for {s} is {o}."),
        ("o_is_the_label_of", "{o} is the {label} of {s}."),
        ("in_fact", "In fact, {natural}"),
        ("exclaimed", lambda natural: natural.rstrip(".") + "!"),
    ],
}


# The "blind7" class: written after blind6's fixes, in the same session, before it was run: a
# check on how far those fixes carry to phrasings nobody read.
BLIND7: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("by_occupation", lambda s, o: f"{s} is by occupation {_a(o)}."),
        ("career_was", lambda s, o: f"{s} had a successful career as {_a(o)}."),
        ("among_other_things", lambda s, o: f"Among other things, {s} is {_a(o)}."),
    ],
    "P27": [
        ("passport_holder", "{s} is a passport holder of {o}."),
        ("nationality_of", "{s} has the nationality of {o}."),
    ],
    "P1412": [
        ("language_of", "{o} is a language of {s}."),
        ("speaks_well", "{s} speaks {o} well."),
    ],
    "P463": [
        ("is_part_of_org", "{s} is part of the organisation {o}."),
        ("membership_in", "{s} has a membership in {o}."),
    ],
    "P530": [
        ("relations_with", "{s} maintains official diplomatic relations with {o}."),
        ("embassy", "{s} and {o} have diplomatic ties."),
    ],
    "P136": [
        ("style_of_music", lambda s, o: f"{s} plays {o}." if _music(o) else None),
        ("genre_of_work", "The genre of {s}'s work is {o}."),
    ],
    "P1303": [
        ("instrument_played", "The instrument played by {s} is the {o}."),
        ("took_up", "{s} took up the {o}."),
    ],
    "P264": [
        ("released_on", "{s} released music on {o}."),
        ("label_home", "{o} is the record label of {s}."),
    ],
    "P737": [
        ("influences_include", "{s}'s influences include {o}."),
        ("looked_to", "{s} was influenced greatly by {o}."),
    ],
    "P19": [
        ("birth_city", "{s} was born in the city {o}."),
        ("native_city", "{o} is the native city of {s}."),
    ],
    "P20": [("died_in_city", "{s} died in the city {o}."), ("death_place", "{s} died at {o}.")],
    "P26": [("husband_wife", "{s} is married with {o}."), ("partner_in_marriage", "{o} wed {s}.")],
    "P69": [
        ("alumna", "{s} is an alumna of {o}."),
        ("went_to_school", "{s} went to school at {o}."),
    ],
    "P108": [("employed_at", "{s} was employed at {o}."), ("job_at", "{s} had a job at {o}.")],
    "P102": [("politician_party", "{s} is a politician of {o}.")],
    "P551": [("home_is", "{s}'s home is in {o}."), ("moved_to", "{s} moved to {o}.")],
    "P140": [("religion_is", "{s}'s religion is {o}.")],
    "P101": [("field_of", "{s} is active in {o}.")],
    "P161": [
        ("starring", "{s} is a film starring {o}."),
        ("acted", "{o} acted in the film {s}."),
    ],
    "P57": [("directed_by_film", "{s} is a film directed by {o}.")],
    "P495": [("made_in", "{s} was made in {o}.")],
    "*": [
        ("label_colon", "{s} — {label}: {o}."),
        ("o_as_label", "{o} is {s}'s {label}."),
        ("true_that", "True: {natural}"),
        ("double_space", lambda natural: natural.replace(" ", "  ", 1)),
    ],
}


# The "blind8" class: written at the start of the session after blind7, before any run of
# it and before any change to the reader: a fresh check of how far the reading carries.
BLIND8: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("made_a_living", lambda s, o: f"{s} made a living as {_a(o)}."),
        ("one_of_occupations", "{o} is one of the occupations of {s}."),
        ("career_in", lambda s, o: f"{s} is {_a(o)} by trade."),
    ],
    "P27": [
        ("held_citizenship", "{s} held citizenship of {o}."),
        ("citizenship_was", "{s}'s citizenship was {o}."),
    ],
    "P1412": [
        ("spoken_by", "{o} is spoken by {s}."),
        ("could_speak", "{s} could speak {o}."),
    ],
    "P463": [
        ("belonged_as_member", "{s} was a member of the {o}."),
        ("joined_ranks", "{s} became a member of {o}."),
    ],
    "P530": [
        ("exchange_ambassadors", "{s} has diplomatic relations with {o}."),
        ("relations_exist", "Diplomatic relations exist between {s} and {o}."),
    ],
    "P136": [
        ("music_is", lambda s, o: f"{s}'s music is {o}." if _music(o) else None),
        ("genre_includes", "{s}'s genres include {o}."),
    ],
    "P1303": [
        ("instrument_is", "The {o} is {s}'s instrument."),
        ("played_the", "{s} played the {o}."),
    ],
    "P264": [
        ("recorded_for", "{s} recorded for {o}."),
        ("label_was", "{s}'s label was {o}."),
    ],
    "P737": [
        ("work_of", "{o} influenced the work of {s}."),
        ("influence_on", "{o} was an influence on {s}."),
    ],
    "P19": [
        ("where_born", "{o} is where {s} was born."),
        ("born_city_of", "{s} was born in the town of {o}."),
    ],
    "P20": [
        ("where_died", "{o} is where {s} died."),
        ("place_of_death_was", "{s}'s place of death was {o}."),
    ],
    "P26": [("wife_husband_of", "{s} was the spouse of {o}."), ("wed_to", "{s} was wed to {o}.")],
    "P69": [
        ("received_education", "{s} was educated at the {o}."),
        ("former_student", "{s} is a former student of {o}."),
    ],
    "P108": [("worked_at", "{s} worked at {o}."), ("staff_of", "{s} was on the staff of {o}.")],
    "P102": [("party_of", "{s} belongs to the {o}."), ("joined_party", "{s} joined the {o}.")],
    "P551": [("based_in", "{s} was based in {o}."), ("home_was", "{s} made a home in {o}.")],
    "P140": [("practices", "{s} practices {o}."), ("faith_is", "{s}'s faith is {o}.")],
    "P101": [("works_field", "{s} worked in the field of {o}.")],
    "P161": [
        ("appears_in", "{o} appears in {s}."),
        ("in_cast", "{o} is in the cast of {s}."),
    ],
    "P57": [("director_of", "{o} is the director of {s}."), ("film_by", "{s} is a film by {o}.")],
    "P495": [("film_from", "{s} is a film from {o}."), ("origin_is", "{s} originated in {o}.")],
    "*": [
        ("claim_colon", "Claim: {natural}"),
        ("quoted", '"{natural}"'),
        ("indeed", "Indeed, {natural}"),
        ("trailing_space", lambda natural: "  " + natural + "  "),
    ],
}

# The "blind9" class: written after blind8's fixes, in the same session, before it was run:
# a check on how far those fixes carry to phrasings nobody read.
BLIND9: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("professionally_is", lambda s, o: f"Professionally, {s} is {_a(o)}."),
        ("best_described", lambda s, o: f"{s} is best described as {_a(o)}."),
        ("has_been_working", lambda s, o: f"{s} has been working as {_a(o)}."),
    ],
    "P27": [
        ("has_nationality_of_country", "{s} has {o} nationality."),
        ("citizen_of_country", "{s} is a citizen of the country {o}."),
    ],
    "P1412": [
        ("language_is", "{s}'s language is {o}."),
        ("uses_language", "{s} uses the {o} language."),
    ],
    "P463": [
        ("holds_membership", "{s} holds membership of {o}."),
        ("is_among_members", "{s} is among the members of {o}."),
    ],
    "P530": [
        ("maintain_relations", "{s} and {o} maintain diplomatic relations."),
        ("entertains", "{s} entertains diplomatic relations with {o}."),
    ],
    "P136": [
        ("style_is", "{s}'s style is {o}."),
        ("makes_music", lambda s, o: f"{s} makes {o}." if _music(o) else None),
    ],
    "P1303": [
        ("played_by", "The {o} is played by {s}."),
        ("instrument_plays", "{s} plays the instrument {o}."),
    ],
    "P264": [
        ("on_the_label", "{s} is on the {o} label."),
        ("released_albums", "{o} released {s}'s albums."),
    ],
    "P737": [
        ("cites_influence", "{s} cites {o} as an influence."),
        ("shaped_by", "{s} was shaped by {o}."),
    ],
    "P19": [
        ("born_hyphen", lambda s, o: f"{s} is {_a(o)}-born person."),
        ("hometown_birth", "{s} was born in the city of {o}."),
    ],
    "P20": [("life_ended", "{s}'s life ended in {o}."), ("lost_life", "{s} passed on in {o}.")],
    "P26": [
        ("got_married", "{s} got married to {o}."),
        ("became_spouse", "{o} became {s}'s spouse."),
    ],
    "P69": [
        ("degree_from", "{s} holds a degree from {o}."),
        ("completed_studies", "{s} completed studies at {o}."),
    ],
    "P108": [("works_at", "{s} works at {o}."), ("on_staff_has", "{o} has {s} on its staff.")],
    "P102": [("ran_as", "{s} ran as a candidate of the {o}.")],
    "P551": [
        ("residence_is", "{s}'s residence is {o}."),
        ("settled_down", "{s} settled down in {o}."),
    ],
    "P140": [("belongs_to_faith", "{s} belongs to the {o} faith.")],
    "P101": [("expert_on", "{s} is an expert on {o}.")],
    "P161": [
        ("among_cast", "{o} is among the cast of {s}."),
        ("has_in_cast", "{s} has {o} in its cast."),
    ],
    "P57": [("directed_the_film", "{o} directed the film {s}.")],
    "P495": [("comes_from_country", "{s} comes from the country {o}.")],
    "*": [
        ("fact_caps", "FACT: {natural}"),
        ("as_is_known", "As is well known, {natural}"),
        ("yes", "Yes, {natural}"),
        ("trailing_source", lambda natural: natural.rstrip(".") + ", according to Wikidata."),
    ],
}

# The "blind10" class: written at the start of the session after blind9, before any run
# and before any change to kgfc, as a fresh check.
BLIND10: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("by_occupation", lambda s, o: f"By occupation, {s} is {_a(o)}."),
        ("line_of_work", "{s}'s line of work is {o}."),
        ("active_as", lambda s, o: f"{s} was active as {_a(o)}."),
    ],
    "P27": [
        ("possesses_citizenship", "{s} possesses {o} citizenship."),
        ("has_the_citizenship", "{s} has the citizenship of {o}."),
    ],
    "P1412": [
        ("conversant_in", "{s} is conversant in {o}."),
        ("a_language_spoken", "{o} is a language {s} speaks."),
    ],
    "P463": [
        ("elected_member", "{s} was elected a member of {o}."),
        ("participates", "{s} participates in {o}."),
    ],
    "P530": [
        ("formal_relations", "{s} has formal diplomatic relations with {o}."),
        ("there_are", "There are diplomatic relations between {s} and {o}."),
    ],
    "P136": [
        (
            "plays_music",
            lambda s, o: f"{s} plays {o} music." if _music(o) and "music" not in o else None,
        ),
        ("works_in_genre", "{s} works in the {o} genre."),
    ],
    "P1303": [
        ("played_no_article", "{s} played {o}."),
        ("is_skilled_on", "{s} is skilled on the {o}."),
    ],
    "P264": [
        ("issued_by", "{s}'s records were issued by {o}."),
        ("was_with", "{s} was with the record label {o}."),
    ],
    "P737": [
        ("took_inspiration", "{s} took inspiration from {o}."),
        ("influences_include", "{s}'s influences include {o}."),
    ],
    "P19": [
        ("birth_took_place", "{s}'s birth took place in {o}."),
        ("born_and_grew_up", "{s} was born and grew up in {o}."),
    ],
    "P20": [
        ("the_death_of", "The death of {s} occurred in {o}."),
        ("died_in_city", "{s} died in the city of {o}."),
    ],
    "P26": [
        ("husband_and_wife", "{s} and {o} were husband and wife."),
        ("reversed_married", "{o} was married to {s}."),
    ],
    "P69": [
        ("went_to_school", "{s} went to {o}."),
        ("was_a_student_of", "{s} was a student of {o}."),
    ],
    "P108": [("took_job", "{s} took a job with {o}."), ("was_hired", "{s} was hired by {o}.")],
    "P102": [
        ("stood_for", "{s} stood for the {o}."),
        ("elected_for", "{s} was elected for the {o}."),
    ],
    "P551": [
        ("spent_years", "{s} spent years living in {o}."),
        ("home_to", "{o} was home to {s}."),
    ],
    "P140": [("is_adherent", "{s} is an adherent of {o}.")],
    "P101": [("field_is", "{s}'s field is {o}.")],
    "P161": [
        ("acted_present", "{o} acts in {s}."),
        ("part_in", "{o} had a part in {s}."),
    ],
    "P57": [("is_directed", "{s} is directed by {o}.")],
    "P495": [("country_origin", "{s} originates from the country {o}.")],
    "*": [
        ("note_that", "Note that {natural}"),
        ("did_you_know", "Did you know? {natural}"),
        ("fact_check", "Fact check: {natural}"),
        ("source_parenthesis", lambda natural: natural + " (source: Wikipedia)"),
    ],
}

# The "blind11" class: written after blind10's fixes, in the same session, before it was run:
# a check on how far those fixes carry.
BLIND11: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("practised_as", lambda s, o: f"{s} practised as {_a(o)}."),
        ("for_years", lambda s, o: f"{s} worked as {_a(o)} for many years."),
        ("occupation_question", lambda s, o: f"Is {s} {_a(o)}?"),
    ],
    "P27": [
        ("citizen_for_years", "{s} was a citizen of {o} for many years."),
        ("citizenship_question", "Does {s} have {o} citizenship?"),
    ],
    "P1412": [
        ("speaks_the_language", "{s} speaks the {o} language."),
        ("speaks_question", "Does {s} speak {o}?"),
    ],
    "P463": [
        ("member_since", "{s} has been a member of {o} since its early years."),
        ("member_question", "Is {s} a member of {o}?"),
    ],
    "P530": [
        ("keeps_relations", "{s} keeps diplomatic relations with {o}."),
        ("for_decades", "{s} and {o} have had diplomatic relations for decades."),
    ],
    "P136": [
        ("mostly_associated", "{s} is mostly associated with {o}."),
        ("genre_question", "Is {s}'s genre {o}?"),
    ],
    "P1303": [
        ("plays_very_well", "{s} plays the {o} very well."),
        ("instrument_question", "Does {s} play the {o}?"),
    ],
    "P264": [
        ("released_through", "{s} released records through {o}."),
        ("is_record_label", "{o} is {s}'s record label."),
    ],
    "P737": [
        ("deeply_influenced", "{s} was deeply influenced by {o}."),
        ("strong_influence", "{o} had a strong influence on {s}."),
    ],
    "P19": [
        ("city_where_born", "{o} is the place where {s} was born."),
        ("born_question", "Was {s} born in {o}?"),
    ],
    "P20": [
        ("life_came_to_end", "{s}'s life came to an end in {o}."),
        ("died_question", "Did {s} die in {o}?"),
    ],
    "P26": [
        ("spouse_was", "{s}'s spouse was {o}."),
        ("married_question", "Was {s} married to {o}?"),
    ],
    "P69": [
        ("pursued_studies", "{s} pursued studies at {o}."),
        ("studied_question", "Did {s} study at {o}?"),
    ],
    "P108": [
        ("member_of_staff", "{s} was a member of staff at {o}."),
        ("worked_question", "Did {s} work for {o}?"),
    ],
    "P102": [("card_carrying", "{s} is a card-carrying member of the {o}.")],
    "P551": [("calls_home", "{s} calls {o} home."), ("lived_question", "Did {s} live in {o}?")],
    "P140": [("devout_follower", "{s} was a devout follower of {o}.")],
    "P101": [("research_on", "{s} conducts research on {o}.")],
    "P161": [
        ("one_of_the_actors", "{o} was one of the actors in {s}."),
        ("starred_question", "Did {o} star in {s}?"),
    ],
    "P57": [("served_as_director", "{o} served as director of {s}.")],
    "P495": [("film_produced_in", "{s} is a film produced in {o}.")],
    "*": [
        ("someone_told", "Someone told me that {natural}"),
        ("breaking", "BREAKING: {natural}"),
        ("is_that_right", lambda natural: natural.rstrip(".") + " - is that right?"),
        ("to_be_precise", "To be precise, {natural}"),
    ],
}

# The "blind12" class: written after blind11's fixes, before any run: new sentence shapes (a
# cleft, a fronted place, raising verbs, a modal, a relative clause on the predicate noun).
BLIND12: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("someone_whose", "{s} is someone whose occupation is {o}."),
        ("went_on_to_work", lambda s, o: f"{s} went on to work as {_a(o)}."),
    ],
    "P27": [
        ("passport_from", "{s} holds a passport from {o}."),
        ("believed_citizen", "{s} is believed to be a citizen of {o}."),
    ],
    "P1412": [
        ("cleft_speaks", "It is {o} that {s} speaks."),
        ("someone_who_speaks", "{s} is someone who speaks {o}."),
    ],
    "P463": [
        ("longtime_member", "{s} was a longtime member of {o}."),
        ("would_later_join", "{s} would later join {o}."),
    ],
    "P530": [("said_to_have_relations", "{s} is said to have diplomatic relations with {o}.")],
    "P136": [("genre_known_for", "{o} is a genre {s} is known for.")],
    "P1303": [
        ("known_to_play", "{s} was known to play the {o}."),
        ("among_instruments", "The {o} is among the instruments {s} plays."),
    ],
    "P264": [("eventually_signed", "{s} eventually signed with {o}.")],
    "P737": [("said_to_be_influenced", "{s} is said to have been influenced by {o}.")],
    "P19": [
        ("cleft_born", "It was in {o} that {s} was born."),
        ("fronted_born", "In {o}, {s} was born."),
    ],
    "P20": [("eventually_died", "{s} eventually died in {o}.")],
    "P26": [("would_later_marry", "{s} would later marry {o}.")],
    "P69": [
        ("got_education", "{s} got an education at {o}."),
        ("went_on_to_study", "{s} went on to study at {o}."),
    ],
    "P108": [("employed_for_a_time", "{s} was employed by {o} for a time.")],
    "P551": [("lived_for_a_while", "{s} lived for a while in {o}.")],
    "P140": [("converted_later", "{s} converted to {o} later in life.")],
    "P161": [
        ("can_be_seen", "{o} can be seen in {s}."),
        ("the_one_who", "{o} is one of the actors who appear in {s}."),
    ],
    "P57": [("the_one_who_directed", "{o} is the one who directed {s}.")],
    "*": [
        ("is_this_true", "{natural} Is this true?"),
        ("tell_me_if", "Tell me if this is true: {natural}"),
        ("verify_following", "Verify the following: {natural}"),
        ("all_lower", lambda natural: natural.lower()),
    ],
}

# The "blind13" class: written at the start of the session after blind12 (after the chain
# phrasings' fixes, before any run of it): certainty words, lists and credits, changes of
# state, a parenthesis after the subject, quoted objects, contractions, a clause that
# describes the object.
BLIND13: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("credited_as", lambda s, o: f"{s} is credited as {_a(o)}."),
        ("listed_occupation", "{s} is listed with the occupation {o}."),
        ("born_parenthesis", lambda s, o: f"{s} (born in the 20th century) is {_a(o)}."),
    ],
    "P27": [
        ("became_citizen", "{s} became a citizen of {o}."),
        ("took_citizenship", "{s} took {o} citizenship."),
        ("counts_among_citizens", "{o} counts {s} among its citizens."),
    ],
    "P1412": [
        ("certainly_speaks", "{s} most certainly speaks {o}."),
        ("quoted_language", '{s} speaks "{o}".'),
        ("is_able_to_speak", "{s} is able to speak {o}."),
    ],
    "P463": [
        ("counts_among_members", "{o} counts {s} among its members."),
        ("one_of_members", "{s} is one of the members of {o}."),
        ("contraction_been", "{s}'s been a member of {o}."),
    ],
    "P530": [
        ("maintains_relations", "{s} maintains diplomatic relations with {o}."),
        ("relations_exist", "Diplomatic relations exist between {s} and {o}."),
    ],
    "P136": [
        ("music_is_described", "{s}'s music is often described as {o}."),
        ("quoted_genre", '{s} is associated with the "{o}" genre.'),
    ],
    "P1303": [
        ("took_up", "{s} took up the {o}."),
        ("is_proficient", "{s} is proficient on the {o}."),
    ],
    "P264": [
        ("released_albums_on", "{s} released albums on {o}."),
        ("was_on_label", "{s} was on the {o} label."),
    ],
    "P737": [
        ("cites_as_influence", "{s} cites {o} as an influence."),
        ("owes_to", "{s} owes a great deal to {o}."),
    ],
    "P19": [
        ("born_object_described", "{s} was born in {o}, where the family lived at the time."),
        ("birth_took_place", "{s}'s birth took place in {o}."),
    ],
    "P20": [
        ("death_came", "{s}'s death came in {o}."),
        ("spent_last_days", "{s} spent their last days in {o} and died there."),
    ],
    "P26": [("tied_the_knot", "{s} tied the knot with {o}.")],
    "P69": [
        ("enrolled_at", "{s} enrolled at {o}."),
        ("is_graduate", "{s} is a graduate of {o}."),
    ],
    "P108": [("took_job", "{s} took a job at {o}.")],
    "P551": [("took_up_residence", "{s} took up residence in {o}.")],
    "P140": [("is_devout", "{s} is a devout follower of {o}.")],
    "P102": [("joined_party", "{s} joined the {o}.")],
    "P172": [("belongs_to_ethnic", "{s} belongs to the {o} ethnic group.")],
    "P161": [("counts_in_cast", "{s} counts {o} among its cast.")],
    "P57": [("was_helmed", "{s} was helmed by {o}.")],
    "*": [
        ("it_is_a_fact", "It is a fact that {natural}"),
        ("as_far_as_i_know", "As far as I know, {natural}"),
        ("fyi", "FYI: {natural}"),
        ("quoted_claim", lambda natural: f'"{natural}"'),
    ],
}

# The "blind14" class: written after blind13's fixes, before any run of it: dates and
# durations beside the claim (which the KG does not hold: they go unchecked), "also",
# "O is one of S's R", "Among the R of O is S".
BLIND14: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("worked_as_since", lambda s, o: f"{s} has worked as {_a(o)} since the 1990s."),
        ("also_works_as", lambda s, o: f"{s} also works as {_a(o)}."),
        ("one_of_occupations", "{o} is one of {s}'s occupations."),
    ],
    "P27": [
        ("citizen_since_birth", "{s} has been a citizen of {o} since birth."),
        ("country_is_s", "{o} is {s}'s country of citizenship."),
    ],
    "P1412": [
        ("speaks_fluent", "{s} speaks fluent {o}."),
        ("one_of_languages", "{o} is one of the languages {s} speaks."),
        ("also_speaks", "{s} also speaks {o}."),
    ],
    "P463": [
        ("member_from_to", "{s} was a member of {o} from 1990 to 2000."),
        ("member_since", "{s} has been a member of {o} since 1995."),
        ("among_members_is", "Among the members of {o} is {s}."),
    ],
    "P530": [
        ("established_relations_in", "{s} established diplomatic relations with {o} in 1950."),
        ("relations_for_decades", "{s} has had diplomatic relations with {o} for decades."),
    ],
    "P136": [("one_of_genres", "{o} is one of {s}'s genres.")],
    "P1303": [
        ("played_since_childhood", "{s} has played the {o} since childhood."),
        ("also_plays", "{s} also plays the {o}."),
    ],
    "P264": [
        ("in_year_signed", "In 1995, {s} signed with {o}."),
        ("signed_since", "{s} has been signed to {o} since 2001."),
    ],
    "P737": [
        ("influenced_early", "{s} was heavily influenced by {o} early in their career."),
        ("among_influences_is", "Among {s}'s influences is {o}."),
    ],
    # (born_in_year, in_year_born, died_in_year, died_at_age, appeared_in_year and
    # directed_in_year were taken out after the first run: their years are made up and are
    # facts of their own -- date of birth, of death, of publication -- so the claims are not
    # known to be true; NOT ENOUGH INFO, which the KG, holding no dates, gave, is right)
    "P19": [("place_of_birth_is_o", "{o} is {s}'s place of birth.")],
    "P26": [
        ("married_in_year", "{s} married {o} in 1990."),
        ("was_spouse", "{o} was {s}'s spouse."),
    ],
    "P69": [
        ("studied_from_to", "{s} studied at {o} from 1950 to 1954."),
        ("graduated_in_year", "{s} graduated from {o} in 1960."),
        ("alma_mater_is_s", "{o} is {s}'s alma mater."),
    ],
    "P108": [
        ("worked_from_to", "{s} worked for {o} from 1990 to 1995."),
        ("was_employer", "{o} was {s}'s employer."),
    ],
    "P551": [("lived_since", "{s} has lived in {o} since 2000.")],
    "P140": [("is_religion", "{o} is {s}'s religion.")],
    "*": [
        ("as_of", lambda natural: natural.rstrip(".") + " (as of 2020)."),
        ("for_the_record", "For the record, {natural}"),
        ("this_is_documented", "{natural} This is well documented."),
    ],
}

# The "blind15" class: written at the start of session 12, before any run of it: new verbs
# and nouns for the common relations, "S is a/an O R-noun" ("a guitar player"), pairs, and
# frames asking for a check.
BLIND15: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("made_a_name_as", lambda s, o: f"{s} made a name for themselves as {_a(o)}."),
        ("pursued_career", lambda s, o: f"{s} pursued a career as {_a(o)}."),
        ("one_of_jobs", "One of {s}'s jobs is {o}."),
    ],
    "P27": [
        ("holds_nationality", "{s} holds {o} nationality."),
        ("national_of", "{s} is a national of {o}."),
    ],
    "P1412": [
        ("converse_in", "{s} can converse in {o}."),
        ("is_speaker", lambda s, o: f"{s} is {_a(o)} speaker."),
        ("language_s_speaks", "{o} is a language {s} speaks."),
    ],
    "P463": [
        ("holds_membership", "{s} holds membership in {o}."),
        ("has_as_member", "{o} has {s} as a member."),
    ],
    "P530": [
        ("formal_ties", "{s} and {o} have formal diplomatic ties."),
        ("diplomatic_terms", "{s} is on diplomatic terms with {o}."),
    ],
    "P136": [
        ("style_is", "{s}'s style is {o}."),
        ("is_artist", lambda s, o: f"{s} is {_a(o)} artist."),
    ],
    "P1303": [
        ("accomplished_player", lambda s, o: f"{s} is an accomplished {o} player."),
        ("skilled_at", "{s} is skilled at the {o}."),
    ],
    "P264": [
        ("recorded_for", "{s} recorded for {o}."),
        ("put_out_records", "{s} put out records through {o}."),
    ],
    "P737": [
        ("drew_inspiration", "{s} drew inspiration from {o}."),
        ("looked_up_to", "{s} looked up to {o}."),
    ],
    "P19": [
        ("birthplace_was", "{s}'s birthplace was {o}."),
        ("native_city", "{o} is the native city of {s}."),
    ],
    "P20": [
        ("passed_away_in", "{s} passed away in {o}."),
        ("is_where_died", "{o} is where {s} died."),
    ],
    "P26": [
        ("husband_and_wife", "{s} and {o} were husband and wife."),
        ("wed", "{s} wed {o}."),
    ],
    "P69": [
        ("alumnus_of", "{s} is an alumnus of {o}."),
        ("attended_classes", "{s} attended classes at {o}."),
    ],
    "P108": [
        ("on_payroll", "{s} was on the payroll of {o}."),
        ("worked_at", "{s} worked at {o}."),
    ],
    "P551": [
        ("made_home", "{s} made their home in {o}."),
        ("settled_in", "{s} settled in {o}."),
    ],
    "P140": [("of_faith", "{s} is of the {o} faith.")],
    "P102": [("politician_of", "{s} is a politician of the {o}.")],
    "P172": [("ethnically", "{s} is ethnically {o}.")],
    "P161": [
        ("has_role_in", "{o} has a role in {s}."),
        ("among_cast", "{o} was among the cast of {s}."),
    ],
    "P57": [("behind_camera", "{o} was behind the camera for {s}.")],
    "P495": [("originated_in", "{s} originated in {o}.")],
    "P135": [("closely_associated", "{s} is closely associated with the {o} movement.")],
    "*": [
        ("i_read_that", "I read that {natural}"),
        ("apparently_comma", "Apparently, {natural}"),
        ("is_that_right", "{natural} Is that right?"),
    ],
}

# The "blind16" class: written at the start of session 13, before any run of it: more verbs,
# nouns and idioms for the common relations, relations the earlier sets rarely phrased (cause
# of death, burial, founding, borders, parents), and requests to check.
BLIND16: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("active_as", lambda s, o: f"{s} has been active as {_a(o)}."),
    ],
    "P27": [
        ("among_citizens", "{s} is among the citizens of {o}."),
    ],
    "P530": [
        ("exchanges_ambassadors", "{s} exchanges ambassadors with {o}."),
    ],
    "P136": [
        ("performs_genre", "{s} performs {o}."),
        ("categorised_as", "{s} is categorised as {o}."),
    ],
    "P1303": [
        ("mastered", "{s} mastered the {o}."),
    ],
    "P264": [
        ("label_artist", "{s} is a {o} artist."),
    ],
    "P737": [
        ("took_cues", "{s} took cues from {o}."),
        ("footsteps", "{s} followed in the footsteps of {o}."),
        ("indebted_to", "{s} is indebted to {o}."),
    ],
    "P19": [
        ("entered_world", "{s} entered the world in {o}."),
        ("delivered_in", "{s} was delivered in {o}."),
    ],
    "P20": [
        ("perished_in", "{s} perished in {o}."),
        ("departed_life", "{s} departed this life in {o}."),
        ("place_of_death_was", "{o} was the place of {s}'s death."),
    ],
    "P26": [
        ("exchanged_vows", "{s} exchanged vows with {o}."),
        ("pair_wed", "{s} and {o} wed."),
    ],
    "P69": [
        ("matriculated", "{s} matriculated at {o}."),
    ],
    "P108": [
        ("took_position", "{s} took a position at {o}."),
    ],
    "P551": [
        ("dwelt_in", "{s} dwelt in {o}."),
        ("kept_residence", "{s} kept a residence in {o}."),
        ("resident_of", "{s} was a resident of {o}."),
    ],
    "P102": [("joined_ranks", "{s} joined the ranks of the {o}.")],
    "P172": [("heritage", "{s} is of {o} heritage.")],
    "P161": [
        ("is_credited_in", "{o} is credited in {s}."),
        ("cast_list", "{s}'s cast list includes {o}."),
    ],
    "P57": [
        ("at_the_helm", "{o} was at the helm of {s}."),
        ("had_as_director", "{s} had {o} as director."),
    ],
    "P135": [("proponent", "{s} was a proponent of the {o} movement.")],
    "P509": [
        ("lost_life_to", "{s} lost their life to {o}."),
    ],
    "P119": [
        ("lies_buried", "{s} lies buried in {o}."),
        ("remains_are", "{s}'s remains are in {o}."),
    ],
    "P112": [("co_founder", "{o} is a co-founder of {s}."), ("launched", "{o} launched {s}.")],
    "P47": [("bordered_by", "{s} is bordered by {o}.")],
    "P740": [("came_together", "{s} came together in {o}.")],
    "P159": [("run_from", "{s} is run from {o}.")],
    "P40": [("parent_of", "{s} is the parent of {o}."), ("born_to", "{o} was born to {s}.")],
    "P54": [("on_roster", "{s} was on the roster of {o}.")],
    "*": [
        ("verify_colon", "Verify: {natural}"),
        ("true_or_false", "{natural} True or false?"),
    ],
}

# The "blind17" class: written after blind16's fixes, before any run of it, as the check on
# them: clefts, questions, "once"/"formerly", "among", participial openers, the object first.
BLIND17: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("cleft_occupation", lambda s, o: f"It is as {_a(o)} that {s} is known."),
        ("once_worked_as", lambda s, o: f"{s} once worked as {_a(o)}."),
        ("occupations_include", "{s}'s occupations include {o}."),
    ],
    "P27": [
        ("cleft_country", "It is {o} of which {s} is a citizen."),
        ("citizenship_held", "{o} is the country whose citizenship {s} holds."),
    ],
    "P1412": [
        ("among_languages", "Among the languages {s} speaks is {o}."),
    ],
    "P463": [
        ("formerly_member", "{s} was formerly a member of {o}."),
    ],
    "P530": [
        ("question_relations", "Does {s} have diplomatic relations with {o}?"),
    ],
    "P136": [
        ("music_falls_under", "{s}'s work falls under {o}."),
        ("among_genres", "Among {s}'s genres is {o}."),
    ],
    "P1303": [
        ("instruments_include", "{s}'s instruments include the {o}."),
    ],
    "P264": [
        ("released_through", "{s} released music through {o}."),
    ],
    "P737": [
        ("whose_influence", "{o} is someone whose influence {s} acknowledged."),
        ("among_influences", "Among {s}'s influences was {o}."),
    ],
    "P26": [("once_married", "{s} was once married to {o}.")],
    "P108": [
        ("once_employed", "{s} was once employed by {o}."),
    ],
    "P551": [("once_lived", "{s} once lived in {o}.")],
    "P102": [("party_belongs", "The party {s} belongs to is the {o}.")],
    "P161": [
        ("role_in", "{o} played a role in {s}."),
    ],
    "P57": [("question_direct", "Did {o} direct {s}?")],
    "P131": [("question_located", "Is {s} located in {o}?")],
    "P17": [("question_in_country", "Is {s} in {o}?")],
    "P159": [("headquarters_are", "{s}'s headquarters are in {o}.")],
    "P54": [("once_played", "{s} once played for {o}.")],
    "P50": [("question_write", "Did {o} write {s}?")],
    "P40": [("child_is", "{s}'s child is {o}.")],
    "*": [
        ("is_it_true", "Is it true that {natural}"),
        ("heard_that", "I heard that {natural}"),
        ("please_check", "Please check: {natural}"),
    ],
}

# The "blind18" class: written after blind17's fixes, before any run of it: hearsay ("is said
# to have"), emphasis ("did indeed"), academies' and universities' idioms, family nouns, and
# more frames.
BLIND18: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("said_to_be", lambda s, o: f"{s} is said to be {_a(o)}."),
        ("did_work_as", lambda s, o: f"{s} did indeed work as {_a(o)}."),
    ],
    "P1412": [
        ("does_speak", "{s} does speak {o}."),
        ("reportedly_speaks", "{s} reportedly speaks {o}."),
    ],
    "P463": [
        ("fellow_of", "{s} is a fellow of {o}."),
    ],
    "P136": [
        ("music_is", "{s}'s music is {o}."),
        ("makes_music", "{s} makes {o} music."),
    ],
    "P264": [("records_came_out", "{s}'s records came out on {o}.")],
    "P19": [
        ("said_born", "{s} is said to have been born in {o}."),
        ("born_right", "{s} was born in {o}, right?"),
    ],
    "P20": [("believed_died", "{s} is believed to have died in {o}.")],
    "P26": [("did_marry", "{s} did marry {o}.")],
    "P69": [
        ("received_phd", "{s} received a PhD from {o}."),
        ("read_at", "{s} read law at {o}."),
        ("got_doctorate", "{s} got a doctorate from {o}."),
    ],
    "P108": [
        ("teaches_at", "{s} teaches at {o}."),
        ("faculty_of", "{s} served on the faculty of {o}."),
    ],
    "P551": [("reportedly_lived", "{s} reportedly lived in {o}.")],
    "P161": [
        ("portrayed_character", "{o} portrayed a character in {s}."),
        ("took_part", "{o} took a part in {s}."),
    ],
    "P57": [("reportedly_directed", "{s} was reportedly directed by {o}.")],
    "P40": [("has_a_child", "{s} has a child, {o}.")],
    "P3373": [("sibling_is", "{s}'s sibling is {o}.")],
    "P131": [("indeed_located", "{s} is indeed located in {o}.")],
    "P159": [("said_headquartered", "{s} is said to be headquartered in {o}.")],
    "*": [
        ("fun_fact", "Fun fact: {natural}"),
        ("rumor_has_it", "Rumor has it that {natural}"),
        ("or_so_told", "{natural} Or so I'm told."),
    ],
}

# The "blind19" class: written after blind18's fixes, before any run of it: how people type
# into a checker (an ellipsis), wrappers of doubt and emphasis, and triple-like lines of
# claim generators.
BLIND19: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [("by_profession_comma", lambda s, o: f"{s} is {_a(o)}, by profession.")],
    "P19": [("birthplace_colon", "{s} - place of birth: {o}.")],
    "*": [
        ("ellipsis", lambda natural: natural.rstrip(".") + "..."),
        ("correct_me", "Correct me if I'm wrong, but {natural}"),
        ("believe_it_or_not", "Believe it or not, {natural}"),
        ("best_of_knowledge", "To the best of my knowledge, {natural}"),
        ("pretty_sure", "I'm pretty sure {natural}"),
        ("teacher_said", "My teacher said {natural}"),
        ("is_following_true", "Is the following true? {natural}"),
        ("heres_a_claim", "Here's a claim: {natural}"),
        ("source_after", "{natural} Source: Wikipedia."),
        ("triple_label", "({s}, {label}, {o})"),
        ("pipe_label", "{s} | {label} | {o}"),
    ],
}

# The "blind20" class: written after blind19's fixes, before any run of it: the object
# first, more idioms of work, study and music, places of death, and short wrappers.
BLIND20: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [("career_in", lambda s, o: f"{s} had a long career as {_a(o)}.")],
    "P27": [("national_appos", "{s}, a citizen of {o}, is well known.")],
    "P1412": [("writes_and_speaks", "{s} speaks and writes {o}.")],
    "P136": [
        ("pioneer_of", "{s} is a pioneer of {o}."),
        ("dabbles_in", "{s} dabbles in {o}."),
    ],
    "P264": [
        ("recording_artist", "{s} is a recording artist for {o}."),
        ("cut_records", "{s} cut records for {o}."),
    ],
    "P737": [
        ("modeled_on", "{s} modeled their work on that of {o}."),
        ("disciple_of", "{s} is a disciple of {o}."),
    ],
    "P20": [
        ("died_hospital", "{s} died in a hospital in {o}."),
    ],
    "P26": [("pair_married", "{s} and {o} are married.")],
    "P69": [
        ("studied_law_at", "{s} studied law at {o}."),
        ("attended_by", "{o} was attended by {s}."),
        ("majored_at", "{s} majored in history at {o}."),
    ],
    "P108": [
        ("professor_at", "{s} was a professor at {o}."),
        ("lectured_at", "{s} lectured at {o}."),
    ],
    "P551": [
        ("resident_in", "{s} is resident in {o}."),
    ],
    "P102": [("candidate_of", "{s} was a candidate of the {o}.")],
    "P161": [
        ("co_starred", "{o} co-starred in {s}."),
        ("was_in", "{o} was in {s}."),
    ],
    "P57": [("possessive_director", "{s} is {o}'s film.")],
    "P131": [("found_in", "{s} is found in {o}.")],
    "*": [
        ("check_this", "Check this: {natural}"),
        ("true_question", "True? {natural}"),
        ("they_say", lambda natural: natural.rstrip(".") + ", they say."),
        ("apparently_after", lambda natural: natural.rstrip(".") + ", apparently."),
    ],
}

# The "blind21" class: written after blind20's fixes, before any run of it: a name as a
# modifier of a role noun ("a Yale graduate", "a Chelsea player"), existentials and
# inversions ("Among those born in O is S"), pairs, and requests around the claim.
BLIND21: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [("worked_as_at", lambda s, o: f"{s} worked for many companies as {_a(o)}.")],
    "P27": [("dual_citizen", "{s} is a citizen of {o} among other countries.")],
    "P463": [("o_member_noun", lambda s, o: f"{s} is {_a(o)} member.")],
    "P69": [
        ("o_graduate", lambda s, o: f"{s} is {_a(o)} graduate."),
        ("among_alumni", "{s} is among the alumni of {o}."),
        ("lists_alumni", "{o} lists {s} among its alumni."),
        ("earned_mba", "{s} earned an MBA from {o}."),
    ],
    "P108": [
        ("o_employee", lambda s, o: f"{s} is {_a(o)} employee."),
        ("researcher_at", "{s} worked as a researcher at {o}."),
    ],
    "P19": [
        ("among_born", "Among those born in {o} is {s}."),
    ],
    "P26": [
        ("pair_tied_knot", "{s} and {o} tied the knot."),
    ],
    "P161": [
        ("starring_role", "{o} had a starring role in {s}."),
        ("landed_role", "{o} landed a role in {s}."),
        ("played_lead", "{o} played the lead in {s}."),
    ],
    "P54": [("o_player", lambda s, o: f"{s} was {_a(o)} player.")],
    "P551": [("o_resident", lambda s, o: f"{s} is {_a(o)} resident.")],
    "P1303": [("picks_up", "{s} often picks up the {o}.")],
    "P737": [("owes_style", "{s} owes their style to {o}.")],
    "P140": [("raised_practising", "{s} is a practising {o}.")],
    "*": [
        ("hey_true", "Hey, is it true that {natural}"),
        ("please_verify_after", lambda natural: natural.rstrip(".") + ". Please verify."),
        ("thanks_after", lambda natural: natural + " Thanks!"),
        ("someone_twitter", "Someone on Twitter said that {natural}"),
        ("honestly", "To be honest, {natural}"),
        ("in_a_nutshell", "In a nutshell, {natural}"),
    ],
}

# The "blind22" class: written after blind21's fixes, before any run of it: "also", inverted
# verbs, the relation as an adjective ("O-educated"), and short requests.
BLIND22: dict[str, list[tuple[str, str | Callable[[str, str], str | None]]]] = {
    "P106": [
        ("worked_too", lambda s, o: f"{s} also worked as {_a(o)}."),
    ],
    "P1412": [("language_used", "{o} is a language used by {s}.")],
    "P463": [("joined_as_member", "{s} joined {o} as a member.")],
    "P1303": [("plays_instrument_named", "{s} plays an instrument: the {o}.")],
    "P264": [("released_on_label", "{s} released records on the {o} label.")],
    "P737": [("inspired_by_work", "{s} was inspired by the work of {o}.")],
    "P19": [("came_from_birth", "{s} came from {o}, where they were born.")],
    "P20": [("final_breath", "{s} drew their final breath in {o}.")],
    "P69": [
        ("educated_adj", "{s} is {o}-educated."),
        ("schooling_at", "{s} received their schooling at {o}."),
    ],
    "P108": [("on_staff_at", "{s} was on staff at {o}.")],
    "P551": [("spent_time", "{s} made a life in {o}.")],
    "P161": [("part_of_cast", "{o} was part of the cast of {s}.")],
    "P57": [("direction_by", "{s} was made under the direction of {o}.")],
    "P131": [("part_of_region", "{s} lies in the {o} area.")],
    "*": [
        ("quick_q", "Quick one: {natural}"),
        ("for_my_essay", "For my essay: {natural}"),
        ("is_this_correct_after", "{natural} Is this correct?"),
        ("confirm_please", lambda natural: natural.rstrip(".") + " - please confirm."),
    ],
}

# Templates that wrap any relation's hand-written sentence (bench_claims.NATURAL), for
# every relation whose sentence starts with its subject.


# Templates whose true claims say more than their triple: a time ("married O in 1990", "since
# 1995", "for decades", "later in life", "(born in the 20th century)": Nabokov was born in
# 1899), an upbringing ("born and raised in O") or how long ("for many years", "spent years
# living in"). The KG holds none of it, and the years are made up, so these claims are not known
# to be true: their true triples are reported apart (SUPPORTED share: lower is sounder; NOT
# ENOUGH INFO is the right answer without a KG that keeps the time), not counted in recall.
# Their false triples stay false claims. Sessions before the qualifier check counted them as
# true; ``--tag`` results from then include them in recall.
QUALIFIED = frozenset(
    {
        "born_and_raised", "hometown", "born_and_grew_up", "for_years", "citizen_for_years",
        "member_since", "for_decades", "spent_years", "worked_as_since", "citizen_since_birth",
        "member_from_to", "established_relations_in", "relations_for_decades",
        "played_since_childhood", "in_year_signed", "signed_since", "influenced_early",
        "married_in_year", "studied_from_to", "graduated_in_year", "worked_from_to",
        "lived_since", "born_parenthesis", "converted_later",
    }
)  # fmt: skip


def qualified(template: str) -> bool:
    return template.rsplit(":", 1)[-1] in QUALIFIED


def _actually(main: str) -> str:
    """ "S was born in O" -> "S was actually born in O"; "S speaks O" -> "S actually speaks O"."""
    first, _, rest = main.partition(" ")
    participle = rest.split(" ", 1)[0]
    if first in ("is", "was", "are", "were") or (
        first in ("has", "had") and (participle == "been" or participle.endswith(("ed", "en")))
    ):
        return f"{first} actually {rest}"
    return f"actually {main}"


def wrapped(pid: str, s: str, o: str, desc: str | None) -> list[tuple[str, str, str]]:
    """(name, class, text) for the frames around the natural sentence of (s, pid, o)."""
    natural = NATURAL[pid].format(s=s, o=o)
    if not natural.startswith(s + " "):
        return []
    main = natural[len(s) + 1 :]
    out = [
        ("according_to_records", "frame", f"According to records, {natural}"),
        ("it_is_true", "frame", f"It is true that {natural}"),
        ("actually", "hedge", f"{s} {_actually(main)}"),
    ]
    if desc:
        out.append(("the_desc_s", "appositive", f"The {desc} {natural}"))
        out.append(("s_comma_desc", "appositive", f"{s}, {_a(desc)}, {main}"))
    return out


def demonym(country: str) -> str | None:
    """The nationality adjective of a country label ("United States of America" -> "American",
    "Soviet Union" -> "Soviet"), from countryinfo's table and kgfc's former states, which kgfc
    reads it back with."""
    from countryinfo import all_countries

    from kgfc.nlp.demonyms import FORMER_STATES

    global _DEMONYMS
    if _DEMONYMS is None:
        _DEMONYMS = {}
        for c in all_countries():
            info = c.info()
            if info.get("demonym"):
                for name in [info.get("name") or "", *(info.get("altSpellings") or [])]:
                    _DEMONYMS.setdefault(name.lower(), info["demonym"])
        for adjective, states in FORMER_STATES.items():
            for name in states:  # "Czechoslovak" before "Czechoslovakian": the table's order
                _DEMONYMS.setdefault(name.lower(), adjective.title())
    return _DEMONYMS.get(country.lower())


_DEMONYMS: dict[str, str] | None = None


def describe(store, h: str, pid: str, o: str, rng: random.Random) -> str | None:
    """A true description of the subject from the KG, for an appositive: an occupation, else a type.

    Not the claim's own object (an appositive "the actor S" must not state the claim).
    """
    occupations, types = [], []
    for f in store.neighbourhood([V.WD + h]):
        if f.subject != V.WD + h or not f.object_label or f.object_is_literal:
            continue
        if f.object == V.WD + o:
            continue
        label = f.object_label
        if not re.fullmatch(r"[a-z][a-z -]{2,30}", label):  # a common noun, not "Q123"
            continue
        if f.predicate == V.WDT + "P106":
            occupations.append(label)
        elif f.predicate == V.WDT + "P31" and label not in ("human", "person"):
            types.append(label)
    pool = sorted(set(occupations)) or sorted(set(types))
    return rng.choice(pool) if pool else None


def paraphrase_set(
    store, split: str, n: int, seed: int, relations: frozenset[str] | None = None
) -> list[dict]:
    """Every template on ``n`` positive and ``n`` negative triples (bench_claims' sampler)."""
    rng = random.Random(seed)
    base = dev_set(store, split, n, seed, ("natural",), relations)
    names = property_names()
    claims = []
    for c in base:
        h, pid, t = c["triple"]
        s, o = _labels(store, h, t)
        texts: list[tuple[str, str, str]] = []
        for name, klass, tpl in TEMPLATES.get(pid, ()):
            if callable(tpl):
                text = tpl(s, o)
            else:
                text = tpl.replace("{s}'s", "{sp}").format(s=s, o=o, sp=possessive(s))
            if text:
                texts.append((f"{pid}:{name}", klass, text))
        label = names.get(pid, (None, []))[0]
        for klass, table in (
            ("blind", BLIND),
            ("blind2", BLIND2),
            ("blind3", BLIND3),
            ("blind4", BLIND4),
            ("blind5", BLIND5),
            ("blind6", BLIND6),
            ("blind7", BLIND7),
            ("blind8", BLIND8),
            ("blind9", BLIND9),
            ("blind10", BLIND10),
            ("blind11", BLIND11),
            ("blind12", BLIND12),
            ("blind13", BLIND13),
            ("blind14", BLIND14),
            ("blind15", BLIND15),
            ("blind16", BLIND16),
            ("blind17", BLIND17),
            ("blind18", BLIND18),
            ("blind19", BLIND19),
            ("blind20", BLIND20),
            ("blind21", BLIND21),
            ("blind22", BLIND22),
        ):
            for name, tpl in table.get(pid, []) + table["*"]:
                natural = NATURAL[pid].format(s=s, o=o)
                if callable(tpl):
                    # a one-argument template rewrites the hand-written sentence
                    text = tpl(natural) if tpl.__code__.co_argcount == 1 else tpl(s, o)
                elif "{label}" in tpl and label is None:
                    text = None
                else:
                    text = tpl.replace("{s}'s", "{sp}").format(
                        s=s, o=o, sp=possessive(s), natural=natural, label=label
                    )
                if text:
                    where = pid if name in dict(table.get(pid, [])) else "*"
                    texts.append((f"{klass}:{where}:{name}", klass, text))
        desc = describe(store, h, pid, t, rng)
        texts.extend((f"*:{name}", klass, text) for name, klass, text in wrapped(pid, s, o, desc))
        adjective = demonym(o) if pid in ("P27", "P495", "P17") else None
        if adjective and not c["gold"] and adjective in _adjectives_held(store, split, h):
            # "Fassbinder is German" is true whichever German state the false triple names
            adjective = None
        if adjective and pid == "P27":  # the country as its nationality adjective
            texts.append(("P27:is_adjective", "demonym", f"{s} is {adjective}."))
            texts.append(
                ("P27:adjective_citizenship", "demonym", f"{s} has {adjective} citizenship.")
            )
        if adjective and desc:  # two statements: the description is true, the country is
            # the claim ("an American singer", "an American film", "a German city")
            texts.append((f"{pid}:adjective_noun", "demonym", f"{s} is {_a(adjective)} {desc}."))
        for template, klass, text in texts:
            claims.append(
                {
                    "text": text,
                    "gold": c["gold"],
                    "template": template,
                    "class": klass,
                    "triple": c["triple"],
                }
            )
    return claims


_VALID: dict[str, dict[str, set[str]]] = {}


def _adjectives_held(store, split: str, h: str) -> set[str]:
    """The nationality adjectives of the countries the KG (or CoDEx's valid split) gives the
    subject."""
    import pyoxigraph as ox

    if split not in _VALID:
        held: dict[str, set[str]] = defaultdict(set)
        with open(CODEX / "triples" / f"codex-{split}" / "valid.txt") as f:
            for line in f:
                s, p, o = line.split()
                if p in ("P27", "P495", "P17"):
                    held[s].add(V.WD + o)
        _VALID[split] = held
    countries = set(_VALID[split].get(h, ()))
    for p in ("P27", "P495", "P17"):
        for q in store.quads(ox.NamedNode(V.WD + h), ox.NamedNode(V.WDT + p), None):
            countries.add(q.object.value)
    index = store.label_index()
    labels = (index.label(c) for c in countries)
    return {a for a in (demonym(x) for x in labels if x) if a}


def _labels(store, h: str, t: str) -> tuple[str, str]:
    index = store.label_index()
    return index.label(V.WD + h), index.label(V.WD + t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("s", "m"), default="s")
    ap.add_argument("--triples", type=int, default=150, help="positive and negative triples each")
    ap.add_argument("--seed", type=int, default=41, help="bench_claims uses 14: other triples")
    ap.add_argument("--tag", default="current", help="name of this run in the results file")
    ap.add_argument("--failures", type=int, default=0, help="print this many missed true claims")
    ap.add_argument("--only", default="", help="comma-separated template names or classes")
    ap.add_argument(
        "--relations", default="", help="comma-separated PIDs: sample triples of these only"
    )
    args = ap.parse_args()
    if not CODEX.exists():
        raise SystemExit(f"CoDEx data not found at {CODEX}")

    store = build_store(args.split)
    relations = frozenset(args.relations.split(",")) if args.relations else None
    claims = paraphrase_set(store, args.split, args.triples, args.seed, relations)
    if args.only:
        keep = set(args.only.split(","))
        claims = [c for c in claims if c["template"] in keep or c["class"] in keep]
    log(f"{len(claims)} claims")
    verify = make_verifier(store)
    for c in claims[:3]:
        verify(c["text"])  # warm: spaCy, embedder, label index, KG statistics
    per: dict[str, Counter] = defaultdict(Counter)
    tp = fp = fn = refuted = 0
    missed, wrong = [], []
    start = time.perf_counter()
    cpu = time.process_time()
    for i, c in enumerate(claims):
        r = verify(c["text"])
        v = r.verdict.value
        rel, linked = analysed(r, c["triple"])
        if c["gold"] and qualified(c["template"]):
            for key in (c["template"], "class:" + c["class"], "class:qualified"):
                k = per[key]
                k["n_qualified"] += 1
                k["qualified_supported"] += v == "SUPPORTED"
                k["qualified_refuted"] += v == "REFUTED"
            continue
        for key in (c["template"], "class:" + c["class"]):
            k = per[key]
            k["n_" + ("pos" if c["gold"] else "neg")] += 1
            if c["gold"]:
                k["supported"] += v == "SUPPORTED"
                k["refuted"] += v == "REFUTED"
                k["relation_found"] += rel
                k["linked"] += linked
            else:
                k["false_supported"] += v == "SUPPORTED"
        if c["gold"]:
            tp += v == "SUPPORTED"
            fn += v != "SUPPORTED"
            refuted += v == "REFUTED"
            if v != "SUPPORTED":
                missed.append((c["template"], c["text"], v, r.justification[:140]))
        else:
            fp += v == "SUPPORTED"
            if v == "SUPPORTED":
                wrong.append((c["template"], c["text"], v, r.justification[:140]))
        if (i + 1) % 200 == 0:
            log(f"{i + 1}/{len(claims)}")
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu

    def row(k: Counter) -> dict:
        npos, nneg = k["n_pos"] or 1, k["n_neg"] or 1
        return {
            "true_claims": k["n_pos"],
            "false_claims": k["n_neg"],
            "recall": round(k["supported"] / npos, 4),
            "false_supported": round(k["false_supported"] / nneg, 4),
            "true_refuted": k["refuted"],
            "relation_found": round(k["relation_found"] / npos, 4),
            "linked": round(k["linked"] / npos, 4),
            "qualified_claims": k["n_qualified"],
            "qualified_supported": round(k["qualified_supported"] / (k["n_qualified"] or 1), 4),
            "qualified_refuted": k["qualified_refuted"],
        }

    templates = {key: row(k) for key, k in sorted(per.items()) if not key.startswith("class:")}
    classes = {key[6:]: row(k) for key, k in sorted(per.items()) if key.startswith("class:")}
    out = {
        "split": args.split,
        "seed": args.seed,
        "claims": len(claims),
        "templates": len(templates),
        "supported": prf(tp, fp, fn),
        "true_claims_refuted": refuted,
        "qualified": row(per["class:qualified"]) if "class:qualified" in per else None,
        "claims_per_s": round(len(claims) / seconds, 2),
        "claims_per_cpu_s": round(len(claims) / cpu_seconds, 2),
        "classes": classes,
        "per_template": templates,
    }
    columns = ("recall", "false_supported", "true_refuted", "relation_found", "linked")
    header = ["true", "recall", "false SUPPORTED", "true REFUTED", "relation found", "linked"]
    header += ["true + unchecked part", "of those SUPPORTED"]

    def cells(r: dict) -> list[str]:
        return (
            [str(r["true_claims"])]
            + [str(r[c]) if isinstance(r[c], int) else f"{r[c]:.3f}" for c in columns]
            + [str(r["qualified_claims"]), f"{r['qualified_supported']:.3f}"]
        )

    print(
        md_table(
            ["class"] + header, [[f"{k} ({CLASSES[k]})"] + cells(r) for k, r in classes.items()]
        )
    )
    print()
    print(md_table(["template"] + header, [[k] + cells(r) for k, r in templates.items()]))
    s = out["supported"]
    print(
        f"\nSUPPORTED P {s['precision']:.3f} R {s['recall']:.3f} F1 {s['f1']:.3f}; "
        f"true claims REFUTED {refuted}; {out['claims_per_s']} claims/s "
        f"({out['claims_per_cpu_s']} per CPU s)"
    )
    if out["qualified"]:
        q = out["qualified"]
        print(
            f"true triples with a time, an upbringing or a duration beside them (not counted "
            f"above): {q['qualified_claims']}, SUPPORTED {q['qualified_supported']:.3f}, "
            f"REFUTED {q['qualified_refuted']}"
        )
    for m in missed[: args.failures]:
        print("MISS", " | ".join(m))
    for m in wrong[: args.failures]:
        print("FALSE", " | ".join(m))
    if args.only:
        return  # a partial run does not overwrite the record
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results[f"{args.tag}:{args.split}"] = out
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
