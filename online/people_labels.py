"""The words of the pages issue 30's people features add (partners in quick play, the public profile,
mutes, reports, a removal), merged into :data:`cartas.online.labels.LABELS` like the account page's."""

from __future__ import annotations

from cartas.core.i18n import mark

PEOPLE_LABELS: dict[str, str] = {
    "invite_partner": mark('Invite a partner'),
    "partner_username": mark("Partner's username (optional)"),
    "partner_username_hint": mark('empty: a link to send'),
    "waiting_for_partner": mark('Waiting for your partner to accept…'),
    "send_partner_link": mark('Send this link to your partner'),
    "partner_invites": mark('{name} invites you to play as partners'),
    "accept_partner": mark('Accept and look for rivals'),
    "partner_invitations": mark('Invitations to play as partners'),
    "partner_left": mark('Your partner left: the party is closed.'),
    "party_not_open": mark('This invitation is no longer open.'),
    "public_profile": mark('Public profile'),
    "wins": mark('Wins'),
    "losses": mark('Losses'),
    "member_since": mark('playing since'),
    "record_per_game": mark('Record per game'),
    "last_matches": mark('Last matches'),
    "muted_people": mark('Muted people'),
    "mute": mark('Mute'),
    "unmute": mark('Unmute'),
    "table_word": mark('table'),
    "report": mark('Report'),
    "reported": mark('Reported'),
    "report_player": mark('Report'),
    "report_reason": mark('Reason'),
    "report_insults": mark('Insults or abuse'),
    "report_cheating": mark('Cheating'),
    "report_stalling": mark('Stalling the game'),
    "report_spam": mark('Flooding the chat'),
    "report_other": mark('Something else'),
    "report_text_hint": mark('What happened (optional; needed for “Something else”)'),
    "report_sent": mark("Report sent to the server's operator. Thank you."),
    "cancel": mark('Cancel'),
    "people_here": mark('People at this table'),
    "removed_by_host": mark('The host removed you from your seat. You can watch, or take another free seat.'),
}
