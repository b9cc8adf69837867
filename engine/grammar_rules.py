"""Who may make which move, and the Russian sentences of refusals (DECISIONS.md §4–6, issue 3).

Pure functions over :class:`engine.state.GameState` and :class:`engine.model.TurnInfo`; the
grammar in :mod:`engine.parse` calls them once it knows the move a clause asks for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import legality
from .grammar_vocab import (
    AWARD, CHOOSE, CLASS_ACTIONS, DELEGATE, FEAR, HUNT, MORTAR, PARTNER, SHOOT, VOTE,
)

#: :func:`action_for` result for a word that means two different moves of this player.
ASK = "ask"
from .model import ASKED_KINDS, Problem, TurnInfo
from .reasons import action_name, refusal_ru
from .state import GameState


@dataclass(frozen=True)
class Actor:
    """The player a move is made for: nick, current role (an inactive son is a plain
    ``civilian``, an activated son a ``boss``), clan, and whether alive."""

    nick: str
    role: str
    clan: str | None
    alive: bool
    fan_check_left: bool = False

    @property
    def mafia(self) -> bool:
        return self.clan is not None


def actor_of(state: GameState, nick: str) -> Actor | None:
    """The :class:`Actor` for ``nick``, or None when the nick is not on the roster."""
    p = state.players.get(nick)
    if p is None:
        return None
    role = p.role
    if role == "son":
        role = "boss" if (p.son_active or p.clan) else "civilian"
    clan = p.clan if role != "civilian" else None
    return Actor(nick, role, clan, p.alive, p.fan_check_left)


def clan_boss(state: GameState, nick: str) -> str | None:
    """The living player other than ``nick`` who holds the boss role in ``nick``'s clan (the
    son once he took it: :func:`actor_of`), the one who may move for him (DECISIONS.md §4
    Boss (c)); None when ``nick`` is in no clan or the clan has no living boss."""
    me = state.players.get(nick)
    if me is None or not me.clan:
        return None
    return next((n for n, p in state.players.items() if p.clan == me.clan and p.alive
                 and n != nick and actor_of(state, n).role == "boss"), None)


def action_for(cls: str, actor: Actor, turn: TurnInfo) -> str | None:
    """The action id a keyword class means for ``actor`` today, or None (not his move).

    Rules: votes for everyone; hunts for civilians only (§5); the clan kill for any clan
    member; the fan's «проверяю» is her earned check only while she has it, else her search;
    event moves only for the player the event chose (§6).
    """
    if cls == VOTE:
        return "vote"
    if cls == DELEGATE:
        return "delegate" if actor.mafia and actor.role != "boss" else None
    if cls == MORTAR:
        return "mortar" if turn.event == "holiday" and turn.mortar == actor.nick else None
    if cls == PARTNER:
        return "partner" if turn.event == "choose_me" and turn.immune == actor.nick else None
    if cls == FEAR:
        return "fear_choice" if turn.event == "fear" and turn.fear_chosen == actor.nick else None
    if cls == AWARD:
        return "vote" if turn.event == "paradox" else None
    if cls == CHOOSE:
        if turn.event == "fear" and turn.fear_chosen == actor.nick:
            return "fear_choice"
        if turn.event == "choose_me" and turn.immune == actor.nick:
            return "partner"
        if turn.event == "appeal":
            return "vote"  # «Из тех, кто голосовал за X, выбираю Y»: the day's only choice
        return None
    if cls == SHOOT and (actor.role == "maniac" or
                         (turn.event == "holiday" and turn.mortar == actor.nick)):
        return ASK  # «стреляю в X»: his kill / the mortar, or a hunt? Ask.
    table = CLASS_ACTIONS.get(cls, {})
    action = table.get(actor.role)
    if action is None:
        action = table.get("mafia" if actor.mafia else "civil")
    if cls == HUNT and actor.mafia:
        return None
    if action == "check" and actor.role == "fan" and not actor.fan_check_left:
        return "search"
    return action


def max_targets(action: str, turn: TurnInfo) -> int:
    """How many players one move may name: two votes on rage/voice days, two clan kills
    under full moon, else one (DECISIONS.md §4, §6)."""
    if action == "vote":
        return turn.votes_per_player
    if action == "clan_kill" and turn.event == "full_moon":
        return 2
    return 1


def repeats_last(state: GameState, actor: Actor, action: str, target: str) -> bool:
    """True when ``action`` on ``target`` breaks «never the same player twice in a row»
    (delegated to :func:`engine.legality.repeats_last`)."""
    return legality.repeats_last(state, actor.nick, actor.role, action, target)


# --- messages -------------------------------------------------------------------------------



def action_ru(action: str, role: str | None = None) -> str:
    """Russian name of an action id, lower case («лечение»), as ``role`` names it
    (engine.reasons.action_name: the psycho's ``invite`` is «приглашение к Шизику»)."""
    return action_name(action, role)


#: Refusals by a rule of a move the parser understood: the problem names its action and
#: target, so the resolver lists the move as refused (SCENARIOS.md ``moves[].outcome``).
#: Questions (two targets, two different moves of one kind) name none: they are not moves.
LISTED_REASONS = frozenset({
    "target_dead", "same_target_twice", "not_your_role", "dead",
    "detective_alive", "no_mortar", "not_event", "fan_check_used",
})


def problem(text: str, kind: str, reason: str, *, candidates: tuple[str, ...] = (),
            action: str = "", target: str = "", word: str = "", role: str | None = None) -> Problem:
    """A :class:`Problem` with its Russian sentence for the reply letter; ``role``: the
    mover's, so the sentence names ``action`` as his letters do («приглашение к Шизику»).

    ``action``/``target`` (the move asked for) also go into ``Problem.action/target`` when
    ``reason`` is one of :data:`LISTED_REASONS`; a problem of :data:`ASKED_KINDS` keeps its
    ``action`` (the move whose player is asked about: the player's answer makes it,
    :mod:`engine.parse_answer`).
    """
    listed = reason in LISTED_REASONS and kind in ("not_allowed", "not_your_role")
    return Problem(text=text, kind=kind, candidates=tuple(candidates), reason=reason,
                   message=_message(text, kind, reason, candidates, action, target, word, role),
                   action=action if listed or kind in ASKED_KINDS else "",
                   target=(target or None) if listed else None)


#: The examples of how to write a move that a sentence not understood (reason → the
#: examples when the sender's role is not known): :func:`_examples` puts the sender's own
#: moves in their place once it is (:func:`with_own_examples`).
_EXAMPLES_UNKNOWN_ROLE: dict[str, tuple[str, ...]] = {
    "reported": ("ворую у …", "проверяю …"), "imperative": ("лечу …", "проверяю …"),
    "story_subject": ("лечу …",), "whose_pet": ("лечу …",), "unread": ("лечу …", "голос за …"),
}


def _examples(reason: str, role: str | None) -> str:
    """The examples the ``reason``'s sentence gives, in «» and joined by commas: the moves of
    the sender's ``role`` (:func:`engine.reasons.own_examples_ru`, at most two), and for
    ``unread`` also the vote; the general ones (:data:`_EXAMPLES_UNKNOWN_ROLE`) when
    ``role`` is None."""
    from .reasons import own_examples_ru

    shown = list(_EXAMPLES_UNKNOWN_ROLE.get(reason, ()))
    if role is not None:
        shown = own_examples_ru(role)[:2]
        if reason == "unread" or not shown:
            shown.append("голос за …")
    return ", ".join(f"«{s}»" for s in shown)


#: «на ваше усмотрение», «на усмотрение ведущего»: a move left to the host, not to a boss.
_TO_THE_HOST = re.compile(r"(?i)\b(?:ваш[ае]?|вашему|твоё|твое|твоему|ведущ\w*)\s+усмотрени|"
                          r"усмотрени[ею]\s+(?:ведущ\w*|вашем|ваше)")


def left_to_the_host(problems, role: str | None, text: str) -> list[Problem]:
    """``problems`` of a sender of ``role`` with the «ход на усмотрение босса» refusal of a
    player who is no clan member and left the move to the host («лечу X или себя, на ваше
    усмотрение») worded as what it is: the host makes no move for a player
    (``host_choice``), not clan mechanics he never asked about. ``text``: the letter's text,
    where the words before the refused span are looked at («на ваше …»)."""
    from dataclasses import replace

    from .roles import CLAN_ROLES

    if role in CLAN_ROLES:
        return list(problems)
    return [replace(p, kind="unparsed", reason="host_choice", action="", target=None,
                    message=_UNPARSED["host_choice"].format(q=f"«{p.text}»"))
            if p.reason == "not_your_role" and p.action == "delegate" and _to_the_host(p.text, text)
            else p for p in problems]


def _to_the_host(span: str, text: str) -> bool:
    """True when ``span`` (a refused delegate's words) or the 16 characters before it in the
    letter ``text`` leave the move to the host (:data:`_TO_THE_HOST`)."""
    at = text.find(span)
    around = text[max(0, at - 16):at + len(span)] if at >= 0 else span
    return _TO_THE_HOST.search(around) is not None


def cancel_told_of_none(problems) -> list[Problem]:
    """``problems`` of a letter that applies no move: the ``cancel_of_another`` sentences
    worded without «Ходы этого письма я принял как написаны» (there are none), asking which
    move to take back and which stands; the others as they are."""
    from dataclasses import replace

    return [replace(p, message=_UNPARSED["cancel_of_none"].format(q=f"«{p.text}»"))
            if p.reason == "cancel_of_another" else p for p in problems]


def with_own_examples(problems, role: str | None) -> list[Problem]:
    """``problems`` (a list of :class:`Problem`) with the sentences that tell how to write a
    move (:data:`_EXAMPLES_UNKNOWN_ROLE`'s reasons) worded with the examples of the sender's
    ``role`` («например «убиваю …»» to a maniac, not the doctor's «лечу …»); the others as
    they are."""
    from dataclasses import replace

    return [replace(p, message=_message(p.text, p.kind, p.reason, p.candidates, p.action,
                                        p.target, "", role))
            if p.kind == "unparsed" and p.reason in _EXAMPLES_UNKNOWN_ROLE else p
            for p in problems]


def _message(text, kind, reason, candidates, action, target, word, role=None) -> str:
    quoted = f"«{text}»"
    if kind == "ambiguous":
        quoted_names = [f"«{c}»" for c in candidates]
        names = (", ".join(quoted_names[:-1]) + " или " + quoted_names[-1]
                 if len(quoted_names) > 1 else "".join(quoted_names))
        return f"Не понял, кого вы имеете в виду: {names}? (в строке {quoted})"
    if kind == "unknown_name":
        return f"Ни один ник из списка игроков не подходит к слову «{word}» (в строке {quoted}). Проверьте ник."
    if kind == "not_your_role":
        if reason == "no_mortar":
            return f"Миномёт сегодня не у вас: ход {quoted} не принят."
        if reason == "not_event":
            return f"Сегодняшнее событие не даёт вам такого хода: {quoted}."
        return refusal_ru("not_your_role", quoted, target, action, role)
    if kind == "not_allowed":
        return refusal_ru(reason, quoted, target, action, role)
    if reason in _UNPARSED:
        return _UNPARSED[reason].format(q=quoted, ex=_examples(reason, role))
    if reason == "retracted":
        return (f"Вы отменили ход ({action_ru(action, role) or 'ход'}) словами {quoted}, но не "
                "написали, какой ход вместо него. Напишите, пожалуйста, ход полностью.")
    return f"Не понял ход {quoted}. Напишите его, пожалуйста, иначе: действие и ник."


#: Reasons a move was not understood whose sentence needs only the letter's words ``{q}``.
_UNPARSED = {
    "other_day": ("Не могу принять {q}: ходы нужно писать полностью, ссылки на прошлые дни и "
                  "письма («как вчера») не принимаются."),
    "yesterday_unknown": ("Не понял {q}: не знаю, на кого был этот ваш ход вчера. Напишите, "
                          "пожалуйста, ник игрока."),
    "labelled_day": ("Не принял {q}: письмо подписано ходами на другую ночь или день, чем "
                     "сегодняшний. Если это ходы на сегодня, напишите их, пожалуйста, ещё раз "
                     "без этой пометки."),
    "kill_or_hunt": ("Не понял {q}: это ваш ролевой выстрел или мирная охота? Напишите, "
                     "пожалуйста, «убиваю …» (или «миномёт: …») либо «МО: …»."),
    "fan_check_or_search": ("Не понял {q}: своей проверки у вас сейчас нет (её даёт найденный "
                            "детектив). Если это поиск, напишите, пожалуйста, «ищу детектива у …»."),
    "search_role": ("Детектива в игре больше нет: какую роль вы ищете ({q})? Напишите, "
                    "пожалуйста, «ищу <роль> у <ник>» — роль того, кто ещё в игре."),
    "conditional": ("Не понял, ход ли это: {q} — похоже на условие или планы на будущее. Если "
                    "это ход на сегодня, напишите его, пожалуйста, без «если»."),
    "cancel_earlier": ("Понял {q} как отмену ваших прежних ночных ходов этого дня — всех, "
                       "не только этого. Если какой-то из них должен остаться, напишите его, "
                       "пожалуйста, ещё раз."),
    "cancel_of_none": ("Не понял, что вы отменяете: {q}. Напишите, пожалуйста, какой ход "
                       "отменить (действие и ник) и какой ход теперь в силе."),
    "cancel_of_another": ("Не понял, что вы отменяете: {q}. Ходы этого письма я принял как "
                          "написаны; если нужно отменить какой-то из них, напишите, пожалуйста, "
                          "какой именно."),
    "search_target": ("Понял, какую роль вы ищете ({q}), но не понял, у кого. Напишите, "
                      "пожалуйста, «ищу <роль> у <ник>»."),
    "hedge": ("Не понял, решили ли вы: {q}. Если это ваш ход на сегодня, напишите его, "
              "пожалуйста, без оговорок."),
    "alternative": ("Не понял, какой ход вы выбрали: {q} — дальше в письме назван другой "
                    "вариант («или …»). Напишите, пожалуйста, один ход."),
    "reported": ("Не понял, ход ли это: {q} — похоже на пересказ чужих слов или планов. Если "
                 "это ваш ход, напишите его от себя, например {ex}."),
    "imperative": ("Не понял, ход ли это: {q} — так обычно просят другого игрока. Если это ваш "
                   "ход, напишите его от себя, например {ex}."),
    "pronoun": "Не понял, кого вы имеете в виду в {q}: напишите, пожалуйста, ник.",
    "same_or_kept": ("Не понял {q}: это голос за того же игрока, что назван в ходе перед ним, "
                     "или ваш прежний голос остаётся? Напишите, пожалуйста, ник того, за кого "
                     "голосуете."),
    "member_or_target": ("Не понял {q}: названный игрок клана делает этот ход или ход на него? "
                         "Напишите, пожалуйста, кто ходит и на кого, например «кража за … у …»."),
    "role_or_nick": ("Не понял {q}: ник игрока здесь совпадает с названием роли. Если вы имеете "
                     "в виду игрока, напишите, пожалуйста, его ник с большой буквы."),
    "word_or_nick": ("Не понял {q}: ник игрока здесь совпадает с обычным словом. Если это ход на "
                     "игрока, напишите, пожалуйста, действие и ник, например «голос за …»."),
    "role_target": ("Не понял, кого вы имеете в виду в {q}: ход направляют на игрока, а не на "
                    "роль (роли игроков ведущий не раскрывает). Напишите, пожалуйста, ник."),
    "own_question": ("Не понял, ход ли это: {q} — это вопрос. Если это ваш ход, напишите его, "
                     "пожалуйста, без вопроса: действие и ник."),
    "suggested": ("Не понял, приказ ли это клану: {q} — похоже на совет боссу. Если это "
                  "убийство от клана, напишите, пожалуйста, «убиваем …»."),
    "forwarded": ("Не понял {q}: ходы в пересланных письмах и во вложениях я не читаю. "
                  "Напишите, пожалуйста, ход в самом письме: действие и ник."),
    "which_move": ("Не понял, о каком ходе речь: {q}. Напишите, пожалуйста, ход полностью: "
                   "действие и ник (например, «голос за …»)."),
    "host_choice": ("Не принял {q}: ведущий не выбирает ход за игрока. Напишите, пожалуйста, "
                    "ход сами: действие и ник."),
    "later": ("Не понял, ход ли это: {q} — вы пишете, что пришлёте его позже. Если это ход на "
              "сегодня, напишите его, пожалуйста, отдельно: действие и ник."),
    "second_vote": ("Сегодня у вас два голоса, но в строке {q} я понял только один. Первый "
                    "голос принят; второй напишите, пожалуйста, ником."),
    "second_kill": ("Под «Полнолуние» в строке {q} я понял только одну цель клана из двух. "
                    "Первая принята; вторую напишите, пожалуйста, ником."),
    "count_heading": ("Под «Полнолуние» в строке {q} названы двое, но я не понял, убийства ли "
                      "это от клана. Если да, напишите, пожалуйста, «убиваем двоих: … и …»."),
    "swap": ("Не понял замену {q}: в письме нет хода на того, кого вы меняете. Напишите, "
             "пожалуйста, ход полностью: действие и ник."),
    "branch_unread": ("Не понял ветку жульничества {q}. Напишите её, пожалуйста, так: «если "
                      "<роль> — <ход> <ник>»."),
    "story_subject": ("Не понял, чей это ход: {q} — в рассказе его делает не названный по нику "
                      "игрок. Если это ваш ход, напишите его, пожалуйста, от себя, например "
                      "{ex}."),
    "whose_pet": ("Не понял, чей это ход: {q} — так можно назвать и вас, и другого игрока. "
                  "Если это ваш ход, напишите его, пожалуйста, от себя, например {ex}."),
    "self_aim": ("Не понял {q}: по нику выходит, что ход направлен на вас самих. Если так и "
                 "задумано, напишите, пожалуйста, «… себя»; если нет — ник игрока."),
    "member_self_aim": ("Не понял {q}: по нику выходит, что игрок клана ходит на самого себя. "
                        "Напишите, пожалуйста, ещё раз, кто из клана ходит и на кого."),
    "hedged": ("Не понял, ход ли это: {q} — вы пишете «может». Если это ваш ход, напишите "
               "его, пожалуйста, прямо: действие и ник; если нет — ничего делать не нужно."),
    "second_thought": ("Не понял, какой ход в итоге: {q} — здесь вы, похоже, передумываете "
                       "или сомневаетесь. Напишите, пожалуйста, окончательный ход: действие и "
                       "ник (или что хода нет); пока принято только то, что в ответе ниже."),
    "unread": ("Не понял, ход ли это: {q}. Если это ваш ход, напишите его, пожалуйста, прямо: "
               "действие и ник (например, {ex})."),
    "member_unread": ("Не понял приказ для игрока вашего клана: {q}. Если это его ход, "
                      "напишите его, пожалуйста, прямо: кто из клана, действие и ник "
                      "(например, «… ворует у …»)."),
    "fear_early": ("Не принял {q}: при «Страхе» выбирает тот, на ком окажется больше всех "
                   "голосов, и только после итогов голосования — ведущий сам напишет ему. Если "
                   "это будете вы, ответьте на то письмо."),
    "question": ("Вы спрашиваете {q}: ведущий ответит отдельно, а из вопроса ход не "
                 "засчитан. Если это ваш ход, напишите его, пожалуйста, без вопроса."),
}
