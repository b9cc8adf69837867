"""Quote cutting by kind, in many clients' languages (issue 11, «quote blocks»).

Where :mod:`test_quote_layouts` pins one letter per known client layout, these tests take
each *kind* of quote head across clients and languages: attribution lines (one line and
folded over two or three), separator lines of quoted and forwarded letters, header blocks,
mobile signatures, Fido-style initials, HTML-only quoting elements; each with the quoted
letter marked by «>», unmarked, and placed above the new text. The letters are our own,
written on the layouts the reply-parsing projects' public test e-mails show (mailgun/talon,
crisp-oss/email-reply-parser, closeio/quotequail): a Russian player's new text carries one
move set and the quote a different one, and only the new moves may count, on a two-vote day
too. The precision tests are letters of players' prose that only look like quote heads:
nothing of them may be cut.
"""

from __future__ import annotations

import pytest

from mailer.decode import decode
from mailer.quotes import html_to_text, strip_quotes
from test_quote_layouts import EXPECTED, _html_letter, _moves, _plain_letter, sync_maildir

#: The player's new text: heal Бобёр, vote Ёжик (the sender, Кузя, is the doctor).
NEW = "Привет всем!\nЛечу Бобра.\nЛинч: Ёжик\nКузя"
#: The quoted letter (the host's, or the player's own earlier one): heal Лось, vote Лось.
OLD = "Ваши ходы на ночь?\nЛечу Лося.\nЛинч: Лось\nВедущий"
OLD_MARKED = "> Ваши ходы на ночь?\n> Лечу Лося.\n>\n> Линч: Лось\n> Ведущий"


def _only_new_moves(body_text: str, event: str) -> None:
    """Decode ``body_text`` as a plain-text letter; only the new moves may be read."""
    body = decode(_plain_letter(body_text)).body
    assert "Лося" not in body and "Лось" not in body
    assert _moves(body, event) == (EXPECTED, [])


# --------------------------------------------------------------------------- attribution lines

#: One attribution line per client and language (Gmail, Apple Mail / iOS, Thunderbird,
#: Russian webmail and desktop clients).
ATTRIBUTIONS = {
    "gmail_ru": "пт, 4 дек. 2026 г. в 15:19, Ведущий <host@example.org>:",
    "gmail_uk": "пт, 4 груд. 2026 р. о 15:19 Ведучий <host@example.org> пише:",
    "gmail_be": "пт, 4 снеж. 2026 г. у 15:19 Вядучы <host@example.org> напісаў:",
    "gmail_kk": "Жм, 4 жел. 2026 ж., 15:19 Жүргізуші <host@example.org> жазды:",
    "gmail_en": "On Fri, Dec 4, 2026 at 3:19 PM Host <host@example.org> wrote:",
    "gmail_de": "Am Fr., 4. Dez. 2026 um 15:19 Uhr schrieb Host <host@example.org>:",
    "gmail_fr": "Le ven. 4 déc. 2026 à 15:19, Host <host@example.org> a écrit :",
    "gmail_es": "El vie, 4 dic 2026 a las 15:19, Host (<host@example.org>) escribió:",
    "gmail_it": "Il giorno ven 4 dic 2026 alle ore 15:19 Host <host@example.org> ha scritto:",
    "gmail_pt": "Em sex., 4 de dez. de 2026 às 15:19, Host <host@example.org> escreveu:",
    "gmail_pl": "pt., 4 gru 2026 o 15:19 Host <host@example.org> napisał(a):",
    "gmail_cs": "pá 4. 12. 2026 v 15:19 odesílatel Host <host@example.org> napsal:",
    "gmail_nl": "Op vr 4 dec 2026 om 15:19 schreef Host <host@example.org>:",
    "gmail_tr": "4 Ara 2026 Cum, saat 15:19 tarihinde Host <host@example.org> şunu yazdı:",
    "gmail_sv": "fre 4 dec. 2026 kl. 15:19 skrev Host <host@example.org>:",
    "gmail_fi": "pe 4.12.2026 klo 15.19 Host <host@example.org> kirjoitti:",
    "gmail_da": "fre. 4. dec. 2026 kl. 15.19 skrev Host <host@example.org>:",
    "gmail_hu": "Host <host@example.org> ezt írta (időpont: 2026. dec. 4., P, 15:19):",
    "gmail_ro": "Host <host@example.org> a scris pe vin., 4 dec. 2026 la 15:19:",
    "gmail_ja": "2026年12月4日(金) 15:19 Host <host@example.org>:",
    "gmail_zh": "Host <host@example.org> 于2026年12月4日周五 15:19写道：",
    "apple_ru": "4 дек. 2026 г., в 15:19, Ведущий <host@example.org> написал(а):",
    "apple_uk": "4 груд. 2026 р. о 15:19 Ведучий <host@example.org> написав(ла):",
    "apple_en": "On 4 Dec 2026, at 15:19, Host <host@example.org> wrote:",
    "apple_de": "Am 04.12.2026 um 15:19 schrieb Host <host@example.org>:",
    "apple_it": "Il giorno 4 dic 2026, alle ore 15:19, Host <host@example.org> ha scritto:",
    "apple_pt": "Em 4 de dez. de 2026, à(s) 15:19, Host <host@example.org> escreveu:",
    "apple_pl": "Wiadomość napisana przez Host <host@example.org> w dniu 04.12.2026, o godz. 15:19:",
    "apple_nl": "Op 4 dec. 2026 om 15:19 heeft Host <host@example.org> het volgende geschreven:",
    "apple_tr": "4 Ara 2026 tarihinde 15:19 saatinde, Host <host@example.org> şunları yazdı:",
    "tb_ru": "04.12.2026 15:19, Ведущий пишет:",
    "tb_uk": "04.12.2026 15:19, Ведучий пише:",
    "tb_en": "On 04.12.2026 15:19, Host wrote:",
    "tb_de": "Am 04.12.2026 um 15:19 schrieb Host:",
    "tb_fr": "Le 04/12/2026 à 15:19, Host a écrit :",
    "tb_es": "El 4/12/26 a las 15:19, Host escribió:",
    "tb_it": "Il 04/12/2026 15:19, Host ha scritto:",
    "tb_pt": "Em 04/12/2026 15:19, Host escreveu:",
    "tb_pl": "W dniu 4.12.2026 o 15:19, Host pisze:",
    "tb_cs": "Dne 04. 12. 26 v 15:19 Host napsal(a):",
    "tb_sv": "Den 2026-12-04 kl. 15:19, skrev Host:",
    "tb_fi": "Host kirjoitti 4.12.2026 klo 15.19:",
    "tb_tr": "4.12.2026 15:19 tarihinde Host yazdı:",
    "yandex": "04.12.2026, 15:19, \"Ведущий\" <host@example.org>:",
    "mailru": "Пятница, 4 декабря 2026, 15:19 +03:00 от Ведущий <host@example.org>:",
    "mailru_short": "4 декабря 2026, 15:19 +03:00 от Ведущий <host@example.org>:",
    "thebat": "Вы писали 4 декабря 2026 г., 15:19:",
    "name_address_only": "Host <host@example.org> schrieb:",
    "dashed_no_colon": "------ On 04.12.2026 15:19, Host wrote ------",
}


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(ATTRIBUTIONS))
def test_attribution_then_marked_quote(name, event):
    _only_new_moves(f"{NEW}\n\n{ATTRIBUTIONS[name]}\n\n{OLD_MARKED}\n", event)


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(ATTRIBUTIONS))
def test_attribution_then_unmarked_quote(name, event):
    """The quoted letter follows the attribution without «>» (Gmail, Mail.ru, Outlook web)."""
    _only_new_moves(f"{NEW}\n\n{ATTRIBUTIONS[name]}\n\n{OLD}\n", event)


@pytest.mark.parametrize("name", sorted(ATTRIBUTIONS))
def test_attribution_and_quote_above_the_new_text(name):
    """Bottom-posting: the player wrote under the quote; the text below is his."""
    _only_new_moves(f"{ATTRIBUTIONS[name]}\n{OLD_MARKED}\n\n{NEW}\n", "rage")


#: Attributions a client folds over two or three lines (Gmail wraps at 78 characters).
FOLDED = {
    "ru_address_wrapped": "пт, 4 дек. 2026 г. в 15:19, Ведущий игры «Мафия» на форуме <\nhost@example.org>:",
    "en_three_lines": "On Fri, Dec 4, 2026 at 3:19 PM, Ведущий <\nhost-of-the-mafia-game@example.org>\nwrote:",
    "pl_verb_wrapped": "W dniu 4.12.2026 o 15:19 użytkownik Ведущий <host@example.org>\nnapisał:",
    "de_address_wrapped": "Am Fr., 4. Dez. 2026 um 15:19 Uhr schrieb Ведущий игры\n<host@example.org>:",
    "fi_address_wrapped": "pe 4.12.2026 klo 15.19 Ведущий игры в мафию <\nhost@example.org> kirjoitti:",
    "uk_verb_wrapped": "пт, 4 груд. 2026 р. о 15:19 Ведучий гри <host@example.org>\nпише:",
    "it_verb_split": "Il giorno ven 4 dic 2026 alle ore 15:19 Ведущий <host@example.org> ha\nscritto:",
    "apple_ru_verb_wrapped": "4 дек. 2026 г., в 15:19, Ведущий игры <host@example.org>\nнаписал(а):",
    "tr_verb_wrapped": "4 Ara 2026 Cum, saat 15:19 tarihinde Ведущий <host@example.org>\nşunu yazdı:",
    "fr_verb_split": "Le ven. 4 déc. 2026 à 15:19, Ведущий игры <host@example.org> a\nécrit :",
}


@pytest.mark.parametrize("marked", [True, False])
@pytest.mark.parametrize("name", sorted(FOLDED))
def test_folded_attribution(name, marked):
    _only_new_moves(f"{NEW}\n\n{FOLDED[name]}\n\n{OLD_MARKED if marked else OLD}\n", "rage")


@pytest.mark.parametrize("name", sorted(FOLDED))
def test_folded_attribution_above_the_new_text(name):
    _only_new_moves(f"{FOLDED[name]}\n\n{OLD_MARKED}\n\n{NEW}\n", "rage")


# --------------------------------------------------------------------------- separator lines

#: Separator lines of a quoted («original») or forwarded letter, dash-wrapped or opening with
#: a colon, in the clients' languages.
SEPARATORS = [
    "-----Исходное сообщение-----", "-------- Оригинальное сообщение --------",
    "----- Original Message -----", "-----Ursprüngliche Nachricht-----",
    "-----Message d'origine-----", "-----Mensaje original-----", "-----Messaggio originale-----",
    "-----Mensagem original-----", "-----Oorspronkelijk bericht-----",
    "-----Wiadomość oryginalna-----", "-----Původní zpráva-----", "----- Pôvodná správa -----",
    "-----Ursprungligt meddelande-----", "-----Alkuperäinen viesti-----",
    "-----Oprindelig meddelelse-----", "-----Opprinnelig melding-----", "-----Orijinal İleti-----",
    "-----Вихідне повідомлення-----", "-----Зыходнае паведамленне-----",
    "-------- Пересылаемое сообщение --------", "-------- Пересланное письмо --------",
    "-------- Перенаправленное сообщение --------", "---------- Переслане повідомлення ---------",
    "-------- Перасланае паведамленне --------", "---------- Forwarded message ---------",
    "-------- Weitergeleitete Nachricht --------", "-------- Message transféré --------",
    "---------- Mensaje reenviado ----------", "-------- Messaggio inoltrato --------",
    "---------- Mensagem encaminhada ---------", "---------- Doorgestuurd bericht ---------",
    "---------- Wiadomość przekazana ---------", "---------- Přeposlaná zpráva ----------",
    "---------- Vidarebefordrat meddelande ---------", "---------- Välitetty viesti ----------",
    "Begin forwarded message:", "Начало пересылаемого сообщения:",
    "Початок пересланого повідомлення:", "Anfang der weitergeleiteten Nachricht:",
    "Début du message réexpédié :", "Inicio del mensaje reenviado:", "Inizio messaggio inoltrato:",
    "Início da mensagem reencaminhada:", "Początek przekazywanej wiadomości:",
    "Začátek přeposlané zprávy:", "Begin doorgestuurd bericht:", "Vidarebefordrat brev:",
    "İletilen ileti başlangıcı:",
]


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("line", SEPARATORS)
def test_separator_line_cuts_the_rest(line, event):
    _only_new_moves(f"{NEW}\n\n{line}\n{OLD}\n", event)


@pytest.mark.parametrize("line", SEPARATORS[:4] + SEPARATORS[19:22])
def test_separator_with_a_marked_quote_keeps_the_text_under_it(line):
    _only_new_moves(f"{line}\nFrom: Host <host@example.org>\nSent: 4.12.2026 15:19\n\n{OLD_MARKED}\n\n{NEW}\n",
                    "rage")


def test_text_under_the_end_of_a_forwarded_letter_is_kept():
    """Yandex closes a forward with «Конец пересылаемого сообщения»; text under it is new."""
    text = ("-------- Пересылаемое сообщение --------\n04.12.2026, 15:19, \"Бобёр\" <bober@example.org>:\n"
            f"{OLD}\n-------- Конец пересылаемого сообщения --------\n\n{NEW}\n")
    _only_new_moves(text, "rage")


@pytest.mark.parametrize("rule", ["----------", "__________", "=========="])
@pytest.mark.parametrize("line", ["-------- Пересылаемое сообщение --------",
                                  "---------- Forwarded message ---------",
                                  "-------- Weitergeleitete Nachricht --------"])
def test_text_under_a_rule_closing_a_forwarded_letter_is_kept(line, rule):
    """A player forwards another's private message (with its moves) and closes it with a
    rule line of his own; his move under the rule is new, the forwarded moves are not."""
    text = (f"Ведущий, смотрите, что мне прислали.\n\n{line}\nОт: Бобёр <bober@example.org>\n"
            f"Date: пт, 4 дек. 2026 г. в 15:19\nSubject: ход\n\n{OLD}\n\n{rule}\n{NEW}\n")
    _only_new_moves(text, "rage")


def test_a_forward_without_a_rule_under_it_is_cut_to_the_end():
    text = (f"{NEW}\n\n{SEPARATORS[19]}\nОт: Бобёр <bober@example.org>\n"
            f"Date: пт, 4 дек. 2026 г. в 15:19\nSubject: ход\n\n{OLD}\n")
    _only_new_moves(text, "rage")


# --------------------------------------------------------------------------- header blocks

#: Header blocks of a quoted or forwarded letter in the clients' languages (Outlook,
#: Outlook mobile, Mail.ru and Thunderbird forwards, Samsung Email).
HEADER_BLOCKS = {
    "uk": "Від: Ведучий <host@example.org>\nНадіслано: 4 грудня 2026 р. 15:19\nКому: Кузя <kuzya@example.org>\nТема: Хід",
    "be": "Ад: Вядучы <host@example.org>\nАдпраўлена: 4 снежня 2026 г. 15:19\nКаму: Кузя\nТэма: Ход",
    "kk": "Кімнен: Жүргізуші <host@example.org>\nЖіберілген: 4 желтоқсан 2026 ж. 15:19\nКімге: Кузя\nТақырып: Ход",
    "mailru_forward": "От кого: Ведущий <host@example.org>\nКому: Кузя <kuzya@example.org>\n"
                      "Дата: Пятница, 4 декабря 2026, 15:19 +03:00\nТема: Ход",
    "es": "De: Host <host@example.org>\nEnviado: viernes, 4 de diciembre de 2026 15:19\nPara: Кузя\nAsunto: Ход",
    "it": "Da: Host <host@example.org>\nInviato: venerdì 4 dicembre 2026 15:19\nA: Кузя\nOggetto: Ход",
    "pt": "De: Host <host@example.org>\nEnviada: sexta-feira, 4 de dezembro de 2026 15:19\nPara: Кузя\nAssunto: Ход",
    "cs": "Od: Host <host@example.org>\nOdesláno: pátek 4. prosince 2026 15:19\nKomu: Кузя\nPředmět: Ход",
    "tr": "Kimden: Host <host@example.org>\nGönderildi: 4 Aralık 2026 Cuma 15:19\nKime: Кузя\nKonu: Ход",
    "sv": "Från: Host <host@example.org>\nSkickat: den 4 december 2026 15:19\nTill: Кузя\nÄmne: Ход",
    "fi": "Lähettäjä: Host <host@example.org>\nLähetetty: perjantai 4. joulukuuta 2026 15.19\n"
          "Vastaanottaja: Кузя\nAihe: Ход",
    "da": "Fra: Host <host@example.org>\nSendt: 4. december 2026 15:19\nTil: Кузя\nEmne: Ход",
    "hu": "Feladó: Host <host@example.org>\nElküldve: 2026. december 4. 15:19\nCímzett: Кузя\nTárgy: Ход",
    "ro": "De la: Host <host@example.org>\nTrimis: vineri, 4 decembrie 2026 15:19\nCătre: Кузя\nSubiect: Ход",
    "fr_mailto": "De : Host [mailto:host@example.org]\nEnvoyé : vendredi 4 décembre 2026 15:19\nÀ : Кузя\nObjet : Ход",
    "en_wrapped_value": "*From:* Host <host@example.org> [mailto:\nhost@example.org]\n"
                        "*Sent:* Friday, December 4, 2026 3:19 PM\n*To:* kuzya@example.org",
    "samsung_ru": "-------- Исходное сообщение --------\nОт: Ведущий <host@example.org>\n"
                  "Дата: 04.12.2026 15:19 (GMT+03:00)\nКому: Кузя <kuzya@example.org>\nТема: Ход",
    "samsung_en": "-------- Original message --------\nFrom: Host <host@example.org>\n"
                  "Date: 12/4/26 15:19 (GMT+03:00)\nTo: kuzya@example.org\nSubject: Ход",
    "outlook_mobile": "________________________________\nFrom: Host <host@example.org>\n"
                      "Sent: Friday, December 4, 2026 3:19:00 PM\nTo: kuzya@example.org\nSubject: Ход",
    "thunderbird_forward_ru": "-------- Перенаправленное сообщение --------\nТема: Ход\n"
                              "Дата: Fri, 4 Dec 2026 15:19:00 +0300\nОт: Бобёр <bober@example.org>\nКому: Кузя",
    "gmail_forward_uk": "---------- Переслане повідомлення ---------\nВід: Бобер <bober@example.org>\n"
                        "Дата: пт, 4 груд. 2026 р. о 15:19\nТема: Хід\nКому: Кузя",
}


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(HEADER_BLOCKS))
def test_header_block_cuts_the_rest(name, event):
    _only_new_moves(f"{NEW}\n\n{HEADER_BLOCKS[name]}\n\n{OLD}\n", event)


@pytest.mark.parametrize("name", ["uk", "be", "kk", "es", "it", "cs", "tr", "sv", "hu", "ro"])
def test_header_block_under_an_outlook_rule(name):
    _only_new_moves(f"{NEW}\n________________________________\n{HEADER_BLOCKS[name]}\n\n{OLD}\n", "rage")


@pytest.mark.parametrize("name", ["uk", "mailru_forward", "es", "tr", "samsung_ru", "outlook_mobile"])
def test_header_block_and_marked_quote_above_the_new_text(name):
    _only_new_moves(f"{HEADER_BLOCKS[name]}\n\n{OLD_MARKED}\n\n{NEW}\n", "rage")


# --------------------------------------------------------------------------- mobile signatures

#: Mobile clients' signatures in the clients' languages.
SIGNATURES = [
    "Отправлено с iPhone", "Отправлено с моего iPhone", "Отправлено из мобильной Почты Mail.ru",
    "Отправлено из мобильной Яндекс Почты", "Отправлено с помощью Яндекс.Почты для Android",
    "Отправлено с устройства Galaxy", "Отправлено с моего HUAWEI", "Надіслано з iPhone",
    "Адпраўлена з iPhone", "iPhone құрылғысынан жіберілді", "Sent from my iPhone",
    "Sent from my Galaxy", "Sent from my Samsung Galaxy smartphone.", "Sent from Yahoo Mail for Android",
    "Sent from Mail for Windows", "Sent from Outlook", "Get Outlook for Android<https://aka.ms/ghei36>",
    "Получить Outlook для iOS", "Von meinem iPhone gesendet", "Gesendet von meinem Samsung Galaxy",
    "Envoyé de mon iPhone", "Envoyé depuis mon smartphone Samsung Galaxy", "Enviado desde mi iPhone",
    "Enviado do meu iPhone", "Inviato da iPhone", "Wysłane z mojego iPhone'a", "Odesláno z iPhonu",
    "Verzonden vanaf mijn iPhone", "Verstuurd vanaf mijn iPad", "Skickat från min iPhone",
    "Sendt fra min iPhone", "Lähetetty iPhonesta", "iPhone'umdan gönderildi", "Trimis de pe iPhone",
]


@pytest.mark.parametrize("line", SIGNATURES)
def test_mobile_signature_is_cut_with_what_follows(line):
    """What a mobile client puts under its signature is the quoted letter, whatever its layout."""
    _only_new_moves(f"{NEW}\n\n{line}\n\n{OLD}\n", "rage")


@pytest.mark.parametrize("line", SIGNATURES[::3])
def test_mobile_signature_above_a_quote_the_player_answered_under(line):
    """iOS puts the signature over the quote; a player who writes under the quote is kept."""
    _only_new_moves(f"{line}\n\n{ATTRIBUTIONS['apple_ru']}\n\n{OLD_MARKED}\n\n{NEW}\n", "rage")


# --------------------------------------------------------------------------- Fido / The Bat!


def test_fido_initials_quote_above_the_new_text():
    text = ("Привет, Ведущий!\n\n04.12.2026 15:19, Ведущий пишет:\n ВП> Ваши ходы?\n ВП> Лечу Лося.\n"
            " ВП>> Линч: Лось\n\nЛечу Бобра.\nЛинч: Ёжик\n")
    _only_new_moves(text, "rage")


def test_nested_quotes_of_two_depths():
    text = ("Ведущий пишет:\n> Ну что?\n> > Лечу Лося.\n>> Линч: Лось\n\n"
            "Лечу Бобра.\n> Кого на линч?\nЛинч: Ёжик\n")
    _only_new_moves(text, "rage")


# --------------------------------------------------------------------------- HTML-only letters

_NEW_HTML = "<div>Привет всем!</div><div>Лечу Бобра.</div><div>Линч: Ёжик</div>"
_OLD_HTML = "<div>Ваши ходы?</div><div>Лечу Лося.</div><div>Линч: Лось</div>"

HTML = {
    "outlook_mac": f"<html><body>{_NEW_HTML}<div><br></div><span id=\"OLK_SRC_BODY_SECTION\"><div "
                   "style=\"font-family:Calibri\"><b>From: </b>Host &lt;host@example.org&gt;<br><b>Date: </b>"
                   f"Friday, 4 December 2026 at 15:19</div><div><br></div>{_OLD_HTML}</span></body></html>",
    "zimbra": f"<html><body><div>{_NEW_HTML}</div><br><hr id=\"zwchr\"><div><b>От: </b>\"Ведущий\" "
              f"&lt;host@example.org&gt;<br><b>Кому: </b>Кузя</div><br>{_OLD_HTML}</body></html>",
    "thunderbird_forward": f"<html><body><p>Привет всем!<br>Лечу Бобра.<br>Линч: Ёжик</p><div "
                           "class=\"moz-forward-container\"><br>-------- Пересылаемое сообщение --------<table "
                           "class=\"moz-email-headers-table\"><tr><th>Тема:</th><td>Ход</td></tr></table>"
                           f"{_OLD_HTML}</div></body></html>",
    "thunderbird_cite_prefix_only": f"<p>Привет всем!<br>Лечу Бобра.<br>Линч: Ёжик</p><div "
                                    "class=\"moz-cite-prefix\">04.12.2026 15:19, Ведущий пишет:<br>"
                                    "Лечу Лося? Линч: Лось?</div>",
    "proton": f"<div>{_NEW_HTML}</div><div class=\"protonmail_quote\">------- Original Message -------<br>"
              f"<blockquote class=\"protonmail_quote\" type=\"cite\">{_OLD_HTML}</blockquote></div>",
    "tutanota": f"<html><body>{_NEW_HTML}<blockquote class=\"tutanota_quote\">{_OLD_HTML}</blockquote></body></html>",
    "gmail_extra_old": f"<div dir=\"ltr\">{_NEW_HTML}</div><div class=\"gmail_extra\"><br><div>"
                       f"2026-12-04 15:19 GMT+03:00 Ведущий &lt;host@example.org&gt;:</div>{_OLD_HTML}</div>",
    "outlook_new_border": f"<div>{_NEW_HTML}</div><div id=\"mail-editor-reference-message\"><div "
                          "style=\"border-top: 1px solid rgb(225, 225, 225); padding: 3pt 0in 0in\"><b>От:</b> "
                          f"Ведущий<br><b>Отправлено:</b> 4 декабря 2026 г. 15:19</div>{_OLD_HTML}</div>",
    "samsung": f"<html><body>{_NEW_HTML}<div><br></div><div id=\"composer_signature\"><div>Отправлено с "
               "устройства Galaxy</div></div><div><br></div><div align=\"left\">-------- Исходное сообщение "
               "--------</div><div>От: Ведущий &lt;host@example.org&gt; </div><div>Дата: 04.12.2026 15:19 "
               f"(GMT+03:00) </div><div>Кому: Кузя </div><div>Тема: Ход </div><div><br></div>{_OLD_HTML}</body></html>",
    "mailru_forward": "<html><body><div>Привет всем!</div><div>Лечу Бобра.</div><div>Линч: Ёжик</div><br>"
                      "-------- Пересылаемое сообщение --------<br>От кого: Бобёр &lt;bober@example.org&gt;<br>"
                      "Кому: Кузя &lt;kuzya@example.org&gt;<br>Дата: Пятница, 4 декабря 2026, 15:19 +03:00<br>"
                      f"Тема: Ход<br><br><div class=\"js-helper js-readmsg-msg\">{_OLD_HTML}</div></body></html>",
    "ios_ru": f"<html><body><div dir=\"ltr\">{_NEW_HTML}<br><div dir=\"ltr\">Отправлено с iPhone</div>"
              "<div dir=\"ltr\"><br><blockquote type=\"cite\">4 дек. 2026 г., в 15:19, Ведущий "
              "&lt;host@example.org&gt; написал(а):<br><br></blockquote></div><blockquote type=\"cite\">"
              f"<div dir=\"ltr\">{_OLD_HTML}</div></blockquote></div></body></html>",
    "gmail_forward_ru": f"<div dir=\"ltr\">{_NEW_HTML}<br><div class=\"gmail_quote\"><div dir=\"ltr\" "
                        "class=\"gmail_attr\">---------- Пересылаемое сообщение ---------<br>От: <strong "
                        "class=\"gmail_sendername\">Бобёр</strong> <span>&lt;bober@example.org&gt;</span><br>"
                        f"Date: пт, 4 дек. 2026 г. в 15:19<br></div><br>{_OLD_HTML}</div></div>",
    "webmail_text_attribution": f"<div>{_NEW_HTML}</div><div>пт, 4 дек. 2026 г. в 15:19, Ведущий "
                                f"&lt;host@example.org&gt;:</div>{_OLD_HTML}",
    "blockquote_above": f"<div>04.12.2026 15:19, Ведущий пишет:</div><blockquote>{_OLD_HTML}</blockquote>"
                        f"{_NEW_HTML}",
}


@pytest.mark.parametrize("event", ["none", "rage"])
@pytest.mark.parametrize("name", sorted(HTML))
def test_html_only_layout(name, event):
    body = decode(_html_letter(HTML[name])).body
    assert "Лося" not in body and "Лось" not in body
    assert _moves(body, event) == (EXPECTED, [])


def test_html_outlook_border_div_is_cut_whatever_its_colour():
    html = (f"{_NEW_HTML}<div style=\"border:none;border-top:solid #A3A3A3 1.0pt;padding:3.0pt 0cm 0cm 0cm\">"
            f"<p><b>De :</b> Host</p></div>{_OLD_HTML}")
    assert html_to_text(html) == "Привет всем!\nЛечу Бобра.\nЛинч: Ёжик"


def test_html_border_without_padding_is_the_players_own_box():
    html = f"<div style=\"border-top:1px solid #ccc\">{_NEW_HTML}</div>"
    assert html_to_text(html) == "Привет всем!\nЛечу Бобра.\nЛинч: Ёжик"


# --------------------------------------------------------------------------- precision

#: Players' prose that only looks like a quote head: nothing may be cut.
KEPT = [
    "Лось написал в теме, что он доктор. Не верю.\nЛечу Бобра.\nЛинч: Ёжик",
    "Вот что Лось написал:\n«я мирный, честно»\nЛечу Бобра.\nЛинч: Ёжик",
    "Лось <los@example.org> просил передать:\nЛечу Бобра.\nЛинч: Ёжик",
    "Отправлено с iPhone, так что простите опечатки.\nЛечу Бобра.\nЛинч: Ёжик",
    "Всё отправлено с телефона, если что.\nЛечу Бобра.\nЛинч: Ёжик",
    "Sent from my heart to the host :)\nЛечу Бобра.\nЛинч: Ёжик",
    "Тема: кто мафия?\nОт: Кузи\nЛечу Бобра.\nЛинч: Ёжик",
    "Дата: 4 декабря\nТема: ходы\nЛечу Бобра.\nЛинч: Ёжик",
    "Ходы на 04.12.2026, до 21:00:\nЛечу Бобра.\nЛинч: Ёжик",
    "Исходное сообщение Лося было другим, а теперь:\nЛечу Бобра.\nЛинч: Ёжик",
    "---- Мои ходы ----\nЛечу Бобра.\nЛинч: Ёжик\n---- конец ----",
    "Распоряжения:\nВоришка > ворует у Кузи\nЛось > убиваем Ёжика\nЛинч > Бобёр",
    "Лечу -> Бобра\nЛинч => Ёжик",
    "Лечу Бобра.\nЛось пишет мне в личку, что он мирный — ну-ну.\nЛинч: Ёжик",
    "Лечу Бобра.\nС уважением к Лосю, но линч: Ёжик",
    "Вчера в 21:03 Лось написал, что проверит меня.\nЛечу Бобра.\nЛинч: Ёжик",
    "Лечу Бобра.\nНа форуме 04.12.2026 в 15:19 было жарко.\nЛинч: Ёжик",
    "Original message from the host was clear.\nЛечу Бобра.\nЛинч: Ёжик",
    "Лечу Бобра.\nОт меня: линч Ёжику\nКому: всем привет",
    "Д> Бобёр вне подозрений\nЛечу Бобра.\nЛинч: Ёжик",
]


@pytest.mark.parametrize("text", KEPT)
def test_players_prose_that_looks_like_a_quote_head_is_kept(text):
    assert strip_quotes(text) == text


@pytest.mark.parametrize("text", [KEPT[i] for i in (0, 1, 3, 4, 6, 7, 8, 9, 13, 16)])
def test_players_prose_keeps_its_moves(text):
    assert _moves(decode(_plain_letter(text)).body, "rage") == (EXPECTED, [])


def test_players_own_colon_attribution_drops_only_its_line():
    """«Лось в 21:03 написал:» (no address, no date) is the player quoting the forum in his
    own text: that line goes, the rest stays."""
    text = "Лось в 21:03 написал:\n«я мирный»\nЛечу Бобра.\nЛинч: Ёжик"
    assert strip_quotes(text) == "«я мирный»\nЛечу Бобра.\nЛинч: Ёжик"


# --------------------------------------------------------------------------- lost line breaks


@pytest.mark.parametrize("head", [
    ATTRIBUTIONS["gmail_en"], ATTRIBUTIONS["gmail_ru"], ATTRIBUTIONS["yandex"], ATTRIBUTIONS["apple_de"],
    ATTRIBUTIONS["mailru"],
])
def test_attribution_on_the_line_of_the_new_text(head):
    """A letter whose line breaks were lost: the attribution follows the player's last
    sentence on the same line; the sentence is his, the rest is the quote."""
    _only_new_moves(f"Привет всем!\nЛечу Бобра.\nЛинч: Ёжик. {head}\n{OLD}\n", "rage")


@pytest.mark.parametrize("name", ["outlook_mobile", "es", "uk", "tr"])
def test_header_block_with_blank_lines_between_its_lines(name):
    block = HEADER_BLOCKS[name].replace("\n", "\n\n")
    _only_new_moves(f"{NEW}\n\n{block}\n\n{OLD}\n", "rage")


def test_a_header_line_after_a_blank_line_is_not_a_block_of_one_line():
    """«От: …» alone, the player's text after a blank line: nothing is cut."""
    text = "От: Кузи всем привет.\n\nЛечу Бобра.\nЛинч: Ёжик"
    assert strip_quotes(text) == text


# --------------------------------------------------------------------------- through a real sync


@pytest.mark.parametrize("event", ["rage", "none"])
def test_sync_of_a_maildir_with_new_kinds(tmp_path, event):
    """Kinds through the whole pipe (Maildir → decode → parse → store): a Ukrainian header
    block, a Turkish separator, a Kazakh Gmail attribution with an unmarked quote, a mobile
    signature over an unknown layout, Fido quoting above the new text, Samsung's and Outlook
    for Mac's HTML."""
    layouts = [
        ("uk_block", _plain_letter(f"{NEW}\n\n{HEADER_BLOCKS['uk']}\n\n{OLD}\n")),
        ("tr_separator", _plain_letter(f"{NEW}\n\n-----Orijinal İleti-----\n{OLD}\n")),
        ("kk_gmail", _plain_letter(f"{NEW}\n\n{ATTRIBUTIONS['gmail_kk']}\n{OLD}\n")),
        ("signature", _plain_letter(f"{NEW}\n\nОтправлено из мобильной Почты Mail.ru\n\n{OLD}\n")),
        ("fido", _plain_letter(f"04.12.2026 15:19, Ведущий пишет:\n ВП> Лечу Лося.\n ВП> Линч: Лось\n\n{NEW}\n")),
        ("samsung_html", _html_letter(HTML["samsung"])),
        ("outlook_mac_html", _html_letter(HTML["outlook_mac"])),
    ]
    states, got = sync_maildir(tmp_path, event, layouts)
    assert states == {"applied": len(layouts)}
    assert got == [("Кузя", EXPECTED, [])] * len(layouts)


# --------------------------------------------------------------------------- hostile input


@pytest.mark.parametrize("text, kept", [
    ("Sent " + "a" * 60 + ",x", True),  # once a catastrophic backtrack of the signature pattern
    ("Отправлено " + "б" * 80 + "!", True),
    ("От: x" + " Отправлено: y" * 3000, True),
    ("On " + "x " * 20000 + "wrote:", True),
    ("a@" * 30000 + ":", True),
    ("-" * 50000, True),
    (("ВП> " + "x" * 100 + "\n") * 2000, False),
])
def test_hostile_lines_are_read_in_linear_time(text, kept):
    """Lines built to make a pattern backtrack (a hang here would stop the whole sync): none
    is a quote head, so each is kept whole; the Fido lines are all quoted."""
    assert strip_quotes(text) == (text.strip() if kept else "")


# --------------------------------------------------------------------------- HTML signatures

SIGNATURE_HTML = {
    "gmail": f"<div dir=\"ltr\">{_NEW_HTML}<div><br></div><span class=\"gmail_signature_prefix\">-- </span><br>"
             "<div dir=\"ltr\" class=\"gmail_signature\"><div>Кузя, доктор: лечу Лося по четвергам</div></div></div>",
    "thunderbird": f"<p>{_NEW_HTML}</p><div class=\"moz-signature\">-- <br>Кузя. Линч: Лось — мой девиз</div>",
    "apple": f"<div>{_NEW_HTML}</div><div><br><div dir=\"ltr\" id=\"AppleMailSignature\">Лечу Лося с iPhone</div></div>",
    "outlook": f"<div>{_NEW_HTML}</div><div id=\"Signature\"><p>Кузя<br>Линч: Лось навсегда</p></div>",
    "samsung_then_new_text": "<div>Привет всем!</div><div id=\"composer_signature\"><div>Лечу Лося с Galaxy</div></div>"
                             "<div>Лечу Бобра.</div><div>Линч: Ёжик</div>",
}


@pytest.mark.parametrize("name", sorted(SIGNATURE_HTML))
def test_html_signature_element_is_not_the_players_move(name):
    """A signature element (Gmail, Thunderbird, Apple Mail, Outlook, Samsung) is dropped like
    a quote; text after it is kept."""
    body = decode(_html_letter(SIGNATURE_HTML[name])).body
    assert "Лося" not in body and "Лось" not in body
    assert _moves(body, "rage") == (EXPECTED, [])


# --------------------------------------------------------------------------- HTML quote above the new text

HTML_ABOVE = {
    "yahoo": "<div class=\"ydpyahoo-style-wrap\"><div id=\"yahoo_quoted_1\" class=\"yahoo_quoted\"><div>On "
             "Friday, December 4, 2026, 03:19:00 PM GMT+3, Host &lt;host@example.org&gt; wrote:</div>"
             f"{_OLD_HTML}</div><div><br></div>{_NEW_HTML}</div>",
    "yandex": f"<div>04.12.2026, 15:19, \"Ведущий\" &lt;host@example.org&gt;:</div><blockquote>{_OLD_HTML}"
              f"</blockquote><div> </div>{_NEW_HTML}",
    "proton": "<div class=\"protonmail_quote\">On Friday, December 4th, 2026 at 15:19, Host &lt;host@example.org&gt; "
              f"wrote:<br><blockquote class=\"protonmail_quote\" type=\"cite\">{_OLD_HTML}</blockquote></div>"
              f"<div>{_NEW_HTML}</div>",
    "thunderbird": "<div class=\"moz-cite-prefix\">04.12.2026 15:19, Ведущий пишет:<br></div><blockquote "
                   f"type=\"cite\">{_OLD_HTML}</blockquote><p>Привет всем!<br>Лечу Бобра.<br>Линч: Ёжик</p>",
    "tutanota": f"<blockquote class=\"tutanota_quote\">{_OLD_HTML}</blockquote>{_NEW_HTML}",
    "gmail_interleaved": "<div class=\"gmail_attr\">пт, 4 дек. 2026 г. в 15:19, Ведущий &lt;host@example.org&gt;:"
                         "</div><blockquote class=\"gmail_quote\"><div>Кого лечите? Лечу Лося?</div></blockquote>"
                         "<div>Лечу Бобра.</div><blockquote class=\"gmail_quote\"><div>Кого на линч? Линч: Лось?"
                         "</div></blockquote><div>Линч: Ёжик</div>",
}


@pytest.mark.parametrize("name", sorted(HTML_ABOVE))
def test_html_quote_above_the_new_text(name):
    """The player wrote under (or between) the quoted parts of an HTML-only reply."""
    body = decode(_html_letter(HTML_ABOVE[name])).body
    assert "Лося" not in body and "Лось" not in body
    assert _moves(body, "rage") == (EXPECTED, [])


# --- an HTML body sent as plain text (issue 11, silent24) ---------------------------------


def test_html_markup_in_a_plain_body_cuts_its_blockquote():
    """A client that sends the HTML of a reply as text/plain: the «<blockquote>» of the host's
    confirmation is a quote, its moves never the sender's; the tags and entities go."""
    body = ('<div>приглашаю сегодня Ёжика</div><div>голос&nbsp;— Маргоша</div><div><br></div>'
            '<div>06.12.2024, 20:14, "Ведущий" &lt;host@example.org&gt;:</div>'
            '<blockquote><div>Принято: приглашение — Остап, линч — R2D2.</div></blockquote>')
    assert strip_quotes(body) == "приглашаю сегодня Ёжика\nголос — Маргоша"


def test_angle_brackets_in_prose_are_no_html():
    """A player's «<3» or «<b>» said once is prose: the text is kept as written."""
    body = "Лечу Бобра <3\nЛинч: Ёжик, он пишет <b> вместо жирного"
    assert strip_quotes(body) == body


# --------------------------------------------------------------------------- «--» as a divider

@pytest.mark.parametrize("rule", ["--", "-- "])
def test_a_move_under_a_signature_rule_is_the_players_own(rule):
    """A player who draws «--» between his own lines («Лечу Бобра» / «--» / «Линч: Ёжик»)
    keeps the move under it: no signature orders a move, and cutting there lost the vote
    with nothing said (fresh27)."""
    body = decode(_plain_letter(f"Привет всем!\nЛечу Бобра.\n{rule}\nЛинч: Ёжик\n\n> Лечу Лося.\n> Линч: Лось")).body
    assert "Лось" not in body
    assert _moves(body, "none") == (EXPECTED, [])


@pytest.mark.parametrize("signature", ["Кузя", "Кузя\nтел. +7 900 123-45-67\nг. Тверь",
                                       "Best regards,\nKuzya"])
def test_a_signature_under_the_rule_is_still_cut(signature):
    body = strip_quotes(f"Лечу Бобра.\nЛинч: Ёжик\n-- \n{signature}\n\n> Лечу Лося.")
    assert body == "Лечу Бобра.\nЛинч: Ёжик"


def test_a_signature_joke_under_its_name_is_still_cut():
    """A signature opens with a name or a closing; a move word further down is its joke."""
    body = strip_quotes("Лечу Бобра.\n\n--\nС уважением, Зелёнка\nЛечу людей с 1998 года")
    assert body == "Лечу Бобра."
