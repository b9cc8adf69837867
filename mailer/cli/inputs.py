"""The host's inputs for the open day from the forum (:mod:`mailer.inputs`): ``votes
import``, ``posts import`` and ``lost-vote``; and the words he teaches the game (``words``,
:mod:`mailer.taught_words`)."""

from __future__ import annotations

import click

from .common import call, config_of, now, open_game, typed


def _file_options(fn):
    """The file to import and ``--skip-bad``, as both imports take them."""
    fn = click.option("--skip-bad", is_flag=True,
                      help="Загрузить понятые строки, даже если в файле есть непонятые (код выхода всё равно 1).")(fn)
    return click.argument("file", metavar="ФАЙЛ", type=click.File("rb"))(fn)


def _text_of(file) -> str:
    """The imported file's text: UTF-8, or cp1251 / koi8-r as old Windows editors save it
    (:func:`mailer.charsets.decode_text`), a BOM dropped."""
    from mailer.charsets import decode_text

    text, _note = decode_text(file.read(), None)
    return text.removeprefix("\ufeff")


@click.group()
def votes() -> None:
    """Голоса линча с форума."""


@votes.command("import")
@_file_options
@click.pass_context
def votes_import(ctx: click.Context, file, skip_bad: bool) -> None:
    """Загрузить голоса: CSV «voter,target[,target2]» или текст ветки («Ник: голосую за X»).

    \b
    Пример:
      mafia-mail --config game.toml votes import tally.csv
    """
    from mailer.inputs import import_votes

    cfg, store = open_game(ctx.parent)
    rep = call(import_votes, cfg, store, _text_of(file), now=now(), skip_bad=skip_bad)
    click.echo(f"Голосов загружено: {rep.rows}")
    if rep.replaced:
        click.echo("Внимание: загруженный голос заменяет голос из письма (на close-day считается "
                   "загруженный; игрок узнает об этом из письма с итогами): " + "; ".join(rep.replaced))
    _bad_lines(rep)


@click.group()
def posts() -> None:
    """Посты дня с форума (слова для автокилла, «Пальмы цветут»)."""


@posts.command("import")
@_file_options
@click.pass_context
def posts_import(ctx: click.Context, file, skip_bad: bool) -> None:
    """Загрузить посты дня («Ник: текст» по строке, или CSV «ник,слов»).

    \b
    Пример:
      mafia-mail --config game.toml posts import day3.txt
    """
    from mailer.inputs import import_posts

    cfg, store = open_game(ctx.parent)
    rep = call(import_posts, cfg, store, _text_of(file), skip_bad=skip_bad)
    click.echo(f"Игроков с постами: {rep.rows}")
    if rep.flagged:
        click.echo("«Пальмы цветут»: запретные слова (подтвердите: mafia-mail lost-vote НИК…):")
        for nick, words in rep.flagged.items():
            click.echo(f"  {nick}: {', '.join(words)}")
    _bad_lines(rep)


def _bad_lines(rep) -> None:
    """After an import with --skip-bad: the lines left out, on stderr, and exit code 1."""
    if rep.problems:
        click.echo(f"Пропущено строк, которые не удалось понять: {len(rep.problems)} (остальное "
                   "загружено; код выхода 1 — знак, что строки пропущены)", err=True)
        for line in rep.problems:
            click.echo(f"  {line}", err=True)
        raise SystemExit(1)


@click.command("lost-vote")
@click.argument("nicks", metavar="НИК...", nargs=-1, required=True)
@click.option("--undo", is_flag=True, help="Вернуть голос (ведущий ошибся игроком).")
@click.pass_context
def lost_vote(ctx: click.Context, nicks: tuple[str, ...], undo: bool) -> None:
    """Лишить игроков голоса на сегодня («Парадокс», «Пальмы цветут») или вернуть его.

    \b
    Пример:
      mafia-mail --config game.toml lost-vote Бука Маруська
      mafia-mail --config game.toml lost-vote --undo Маруська
    """
    from mailer.inputs import case_rivals, lost_votes_today, restore_votes, set_lost_votes

    _cfg, store = open_game(ctx)
    if undo:
        click.echo("Голос возвращён: " + ", ".join(call(restore_votes, store, list(nicks))))
    else:
        call(set_lost_votes, store, list(nicks))
        for nick, others in case_rivals(store, list(nicks)):
            alt = ", ".join(f"«{o}»" for o in others)
            click.echo(f"Внимание: «{nick}» — ник игрока {nick}, но так же пишется и падежная "
                       f"форма ника {alt}; голоса лишён {nick}. Если вы имели в виду другого: "
                       f"lost-vote --undo {nick}, затем lost-vote с ником в именительном падеже.")
    lost = call(lost_votes_today, store)
    click.echo("Без голоса сегодня: " + (", ".join(lost) if lost else "никто"))


@click.command("autokill-cancel")
@click.argument("nick", metavar="НИК")
@click.option("--day", "day", type=int, default=None, help="День (по умолчанию — идущий день).")
@click.option("--undo", is_flag=True, help="Вернуть очко (ведущий ошибся игроком).")
@click.pass_context
def autokill_cancel(ctx: click.Context, nick: str, day: int | None, undo: bool) -> None:
    """Снять с игрока штрафное очко автокилла за день (или вернуть его).

    Очко за закрытый день снимается так: reopen-day N, autokill-cancel НИК --day N,
    close-day. Игроку, возвращённому в игру через reopen-day, очко за дни, когда он
    по ошибке считался выбывшим, не начисляется и без этой команды.

    \b
    Пример:
      mafia-mail --config game.toml autokill-cancel Маруська
      mafia-mail --config game.toml autokill-cancel --undo Маруська
    """
    from mailer.inputs import cancel_autokill

    _cfg, store = open_game(ctx)
    who, on = call(cancel_autokill, store, nick, day=day, undo=undo)
    click.echo(f"Очко автокилла за день {on} {'снова начисляется' if undo else 'не начисляется'}: {who}")


@click.group(invoke_without_command=True)
@click.pass_context
def words(ctx: click.Context) -> None:
    """Слова игры: из [words] настроек и те, которым ведущий научил игру по ходу.

    Игрок назвал ход своими словами, и в ответе «не понял»? Научите игру этим словам (в
    начальной форме: «забирать в палату», «чёрная метка»): их поймут в каждом письме игры в
    любой форме, если рядом ник игрока. Игрока зовут в игре по-своему («Курганыч» — это
    «Профессор Курганов»)? Научите игру прозвищу: вместо хода — ник игрока. Письма открытого
    дня, которые новые слова читают иначе, сразу читаются заново (игрок получит новый ответ):
    ответ обещает то, что сделает close-day.

    \b
    Пример:
      mafia-mail --config game.toml words
      mafia-mail --config game.toml words add invite "забирать в палату"
      mafia-mail --config game.toml words remove invite "забирать в палату"
      mafia-mail --config game.toml words add "Профессор Курганов" Курганыч
    """
    if ctx.invoked_subcommand is not None:
        return
    from engine.lexicon.game import WINS, plain_word
    from engine.reasons import ACTIONS_RU
    from mailer.taught_words import taught

    cfg, store = open_game(ctx)
    learned = {w.lower() for v in call(taught, store).values() for w in v}
    if not cfg.words:
        click.echo("У игры нет своих слов: только обычные слова ходов. Научить: "
                   + typed('words add ХОД "слова"'))
    for action, value in cfg.words.items():
        items = value if isinstance(value, list) else [w for v in value.values() for w in v]
        shown = ", ".join(f"«{plain_word(w)}»" + (" (добавлено)" if w.lower() in learned else "")
                          + (" (значит этот ход, а не встроенный)" if w.startswith(WINS) else "") for w in items)
        click.echo(f"{action} ({ACTIONS_RU.get(action, action)}): {shown}")
    if cfg.aliases:
        from mailer.taught_words import aliases_by_player, taught_aliases

        added = {a.lower() for a in call(taught_aliases, store)}
        click.echo("Прозвища игроков: " + "; ".join(
            f"{n} — " + ", ".join(f"«{a}»" + (" (добавлено)" if a.lower() in added else "") for a in al)
            for n, al in aliases_by_player(cfg.aliases).items()))
    _echo_unread(store)


def _echo_unread(store) -> None:
    """The open day's letters with something not understood (:func:`mailer.taught_words.unread_letters`),
    each with the sentence of the letter around it."""
    from mailer.taught_words import unread_letters

    unread = call(unread_letters, store)
    if unread:
        click.echo("Непонятое в письмах открытого дня (если это ход своими словами: "
                   + typed('words add ХОД "слова"') + "; если прозвище игрока: "
                   + typed('words add НИК "прозвище"') + "):")
        for letter_id, who, texts, sentences in unread:
            click.echo(f"  {letter_id}: {who} — " + "; ".join(_in_sentence(t, s) for t, s in zip(texts, sentences)))


def _in_sentence(text: str, sentence: str) -> str:
    """What was not understood as the host reads it: the letter's sentence around it, and the
    part not understood when the sentence says more («…» (не понято: «…»))."""
    shown = f"«{sentence}»"
    if sentence.rstrip(".!?…") != " ".join(text.split()).rstrip(".!?…"):
        shown += f" (не понято: «{' '.join(text.split())}»)"
    return shown


def _reread_changed(ctx: click.Context, store, own, before) -> None:
    """Read again the open day's letters the changed words (or aliases) read otherwise, and
    say which; ``before``: the game's config with its words and aliases before the change."""
    from mailer.day.open import letters_numbered
    from mailer.taught_words import reread_changed

    ids, report = call(reread_changed, own, store, before.words, now=now(),
                       aliases_before=before.aliases)
    if ids:
        changed = [i for i in ids if i not in report.followed]
        click.echo(f"Письма дня, которые теперь читаются иначе, прочитаны заново: {letters_numbered(changed)}"
                   + (f" (и следом более поздние письма тех же игроков за день: {letters_numbered(report.followed)})"
                      if report.followed else "")
                   + f"; новые ответы — в очереди ({typed('outbox')}).")
    else:
        click.echo("Письма открытого дня эти слова не меняют: заново читать нечего.")


def _own_game(ctx: click.Context):
    """(the config as loaded, without taught words; the store; the config with the game's
    words and aliases now)."""
    from mailer.store import Store
    from mailer.taught_words import with_taught

    own = config_of(ctx)
    store = call(Store, own.database_url)
    return own, store, call(with_taught, own, store)


@words.command("add")
@click.argument("action", metavar="ХОД")
@click.argument("items", metavar="СЛОВА...", nargs=-1, required=True)
@click.option("--override", is_flag=True,
              help="Слово, которое встроенные слова отдают другому ходу, в этой игре значит ХОД.")
@click.pass_context
def words_add(ctx: click.Context, action: str, items: tuple[str, ...], override: bool) -> None:
    """Научить игру словам хода (ХОД — id или название: invite, «приглашение», «голос»)
    или прозвищам игрока (вместо хода — ник игрока: как его зовут в этой игре).
    Слово, которое уже значит другой ход (встроенный жаргон), — только с --override:
    в этой игре оно будет значить ХОД, а не прежний ход.

    \b
    Пример:
      mafia-mail --config game.toml words add invite "забирать в палату"
      mafia-mail --config game.toml words add голос "чёрная метка"
      mafia-mail --config game.toml words add heal окучивать --override
      mafia-mail --config game.toml words add "Профессор Курганов" Курганыч проф
    """
    from mailer.taught_words import teach, teach_aliases

    own, store, before = _own_game(ctx)
    nick = _player_not_move(own, action)
    if nick is not None:
        done = call(teach_aliases, own, store, nick, list(items), now=now())
        if done.changed:
            click.echo(f"Игра знает новые прозвища игрока {nick}: "
                       + ", ".join(f"«{w}»" for w in done.changed) + " (в любом падеже).")
    else:
        done = call(teach, own, store, action, list(items), now=now(), override=override)
        if done.changed:
            click.echo(f"Игра знает новые слова хода {done.action} ({done.name}): "
                       + ", ".join(f"«{w}»" for w in done.changed) + ".")
        for word, other in done.overrides:
            click.echo(f"Внимание: встроенные слова отдают «{word}» ходу «{other}». В этой игре «{word}» "
                       f"(во всех формах) значит {done.name}, а не {other}: игрок, который напишет его "
                       f"как «{other}», получит ход «{done.name}». Вернуть — "
                       f"{typed(f'words remove {done.action} {word}')}.")
    if done.unchanged:
        click.echo("Уже были: " + ", ".join(f"«{w}»" for w in done.unchanged) + ".")
    _reread_changed(ctx, store, own, before)
    _echo_unread(store)
    click.echo(f"Слова действуют для всех писем игры ({typed('watch')} — после перезапуска).")


@words.command("remove")
@click.argument("action", metavar="ХОД")
@click.argument("items", metavar="СЛОВА...", nargs=-1, required=True)
@click.pass_context
def words_remove(ctx: click.Context, action: str, items: tuple[str, ...]) -> None:
    """Забыть слова, которым ведущий научил игру (слова из [words] настроек правятся в файле).
    Код выхода 1, если таким словам игру не учили.

    \b
    Пример:
      mafia-mail --config game.toml words remove invite "забирать в палату"
    """
    from mailer.taught_words import forget, forget_aliases

    own, store, before = _own_game(ctx)
    nick = _player_not_move(own, action)
    if nick is not None:
        done = call(forget_aliases, store, nick, list(items))
        if done.changed:
            click.echo(f"Забыты прозвища игрока {nick}: " + ", ".join(f"«{w}»" for w in done.changed) + ".")
            _reread_changed(ctx, store, own, before)
    else:
        done = call(forget, store, action, list(items))
        if done.changed:
            click.echo(f"Забыты слова хода {done.action} ({done.name}): " + ", ".join(f"«{w}»" for w in done.changed) + ".")
            _reread_changed(ctx, store, own, before)
    if done.unchanged:
        click.echo(("Этим прозвищам игру не учили: " if nick is not None else "Этим словам игру не учили: ")
                   + ", ".join(f"«{w}»" for w in done.unchanged)
                   + (" (прозвища из [aliases] настроек правятся в файле настроек)." if nick is not None
                      else " (слова из [words] настроек правятся в файле настроек)."))
        raise SystemExit(1)


def _player_not_move(cfg, text: str) -> str | None:
    """The roster nick ``text`` names when it names no move (a move's name wins: the host
    teaches a move's words as before), else None."""
    from engine.roles import typed_nick
    from mailer.day import GameError
    from mailer.taught_words import action_of

    try:
        action_of(text)
    except GameError:
        return typed_nick(text, [p.nick for p in cfg.players])
    return None


COMMANDS = (votes, posts, lost_vote, autokill_cancel, words)
