"""The pages' HTML: one small page for the spectator and for a seat, the join form, the errors. No scripts or fonts
from anywhere else (the Pi may have no Internet); every word in the viewer's language, escaped."""

from __future__ import annotations

import html
import json

from companion.locale import LANGUAGE_NAMES, LANGUAGES, domain, speaking

_, ngettext = domain("web")

_STYLE = """
body{font-family:sans-serif;margin:0;padding:1em;background:#10151c;color:#eef;font-size:1.1em}
h1{font-size:1.4em;margin:0 0 .3em}h2{font-size:1.1em;margin:1em 0 .3em}
#status{font-size:.9em;color:#9ab}#status.lost{color:#fb5}
ul{padding-left:1.2em;margin:.2em 0}li{margin:.2em 0}
.secret{border:2px solid #6af;border-radius:.5em;padding:.5em;margin-top:1em}
nav a{color:#8cf;margin-right:1em}.error{color:#fb5}
input,button{font-size:1.2em;padding:.4em}#choices button{display:block;margin:.4em 0;min-height:2.5em;width:100%}
"""

# The view's script: connects, shows every position it is sent, reconnects on its own (the server sends the current
# position at once), and never builds HTML from the message (text only: a name never becomes markup).
_SCRIPT = """
const words = JSON.parse(document.getElementById('words').textContent);
let last = -1, delay = 250, socket = null;
function list(id, items){const ul=document.getElementById(id);ul.replaceChildren();
 for(const t of items){const li=document.createElement('li');li.textContent=t;ul.appendChild(li);}}
function show(m){
 if(m.type==='error'){document.getElementById('error').textContent=m.message;return;}
 if(m.type!=='position')return;
 last=m.version;document.body.dataset.version=m.version;document.body.dataset.step=m.step;
 document.getElementById('title').textContent=m.title;
 document.getElementById('step').textContent=words.step.replace('{step}',m.step);
 list('lines',m.lines);list('history',m.history);
 if(m.secret){document.getElementById('secret-title').textContent=m.secret.title;list('secret',m.secret.lines);
  const box=document.getElementById('choices');box.replaceChildren();
  m.secret.choices.forEach((label,i)=>{const b=document.createElement('button');b.textContent=label;
   b.dataset.choice=i;b.onclick=()=>{box.querySelectorAll('button').forEach(x=>x.disabled=true);
   socket.send(JSON.stringify({type:'play',version:m.version,choice:i}));};box.appendChild(b);});}
}
function connect(){
 const scheme=location.protocol==='https:'?'wss':'ws';
 socket=new WebSocket(scheme+'://'+location.host+document.body.dataset.feed);
 socket.onopen=()=>{delay=250;const s=document.getElementById('status');s.textContent=words.live;s.className='';
  document.body.dataset.connected='yes';socket.send(JSON.stringify({type:'hello',version:last}));};
 socket.onmessage=(e)=>{try{show(JSON.parse(e.data));}catch(err){}};
 socket.onclose=(e)=>{document.body.dataset.connected='no';const s=document.getElementById('status');
  s.className='lost';s.textContent=e.code===4403?words.expired:words.lost;
  if(e.code!==4403){setTimeout(connect,delay);delay=Math.min(delay*2,5000);}};
}
connect();
"""


def _page(language: str, title: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>{body}</html>"
    )


def _languages(path: str) -> str:
    return "".join(f'<a href="{path}?lang={code}">{html.escape(LANGUAGE_NAMES[code])}</a>' for code in LANGUAGES)


def view_page(language: str, feed: str, path: str, seat: bool) -> str:
    """The spectator's page (`seat` False) or a seat's: filled in by the script from the feed at `feed`."""
    with speaking(language):
        words = {
            "step": _("Step {step}"),
            "live": _("Live"),
            "lost": _("Connection lost: reconnecting…"),
            "expired": _("This seat's code no longer works: ask the host for a new one."),
        }
        secret = (
            '<section class="secret"><h2 id="secret-title"></h2><ul id="secret"></ul><div id="choices"></div></section>'
            if seat
            else ""
        )
        join = "" if seat else f'<a href="/join?lang={language}">{html.escape(_("Join as a player"))}</a>'
        body = (
            f'<body data-feed="{html.escape(feed)}" data-version="-1" data-connected="no">'
            f"<nav>{_languages(path)}{join}</nav>"
            f'<h1 id="title">{html.escape(_("Table companion"))}</h1>'
            f'<div id="status">{html.escape(_("Connecting…"))}</div><div id="step"></div>'
            f'<div id="error" class="error"></div><ul id="lines"></ul>{secret}'
            f'<h2>{html.escape(_("History"))}</h2><ul id="history"></ul>'
            f'<script type="application/json" id="words">{_json_in_html(words)}</script>'
            f"<script>{_SCRIPT}</script></body>"
        )
        return _page(language, _("Table companion"), body)


def join_page(language: str, problem: str = "") -> str:
    with speaking(language):
        error = f'<p class="error" id="error">{html.escape(problem)}</p>' if problem else ""
        body = (
            f"<body><nav>{_languages('/join')}</nav><h1>{html.escape(_('Join as a player'))}</h1>"
            f"<p>{html.escape(_('Type the code the companion shows for your seat in Settings.'))}</p>{error}"
            f'<form method="post" action="/join?lang={language}"><input name="code" autocomplete="off" '
            f'maxlength="32" autofocus><button type="submit">{html.escape(_("Join"))}</button></form></body>'
        )
        return _page(language, _("Join as a player"), body)


def problem_page(language: str, problem: str) -> str:
    """A plain page saying what is wrong in one line (never a traceback)."""
    with speaking(language):
        body = f'<body><p class="error" id="error">{html.escape(problem)}</p><a href="/">{_("Back")}</a></body>'
        return _page(language, _("Table companion"), body)


def _json_in_html(value: object) -> str:
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")
