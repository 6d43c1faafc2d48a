import Drawing
import Outputs

/// The review page's own style, script and icons: fixed text that holds nothing from a scene (the scene's
/// numbers reach the script through `data-` attributes, escaped like all the rest).
enum ReviewPageTemplate {
    // MARK: - Style

    /// Light and dark follow the system (`prefers-color-scheme`); one column below 900 px, for phones.
    /// The phone screen itself keeps the app's colours in both.
    static let style = """
        *{box-sizing:border-box}
        [hidden]{display:none!important}
        .locale-picker{display:inline-flex;align-items:center;gap:6px;margin-top:8px;font-size:13px;color:var(--muted)}
        .locale-picker select{font:inherit;color:var(--ink);background:var(--card);border:1px solid var(--line);border-radius:8px;padding:3px 6px}
        .truncation-list{padding:4px 12px}.truncation-list ul{margin:6px 0;padding-left:18px}
        :root{--bg:#f2f2f7;--card:#fff;--ink:#1c1c1e;--muted:#6c6c70;--line:rgba(60,60,67,.16);--accent:#007aff;
        --alarm:#d70015;--hl:rgba(0,122,255,.13);--changed:rgba(255,159,10,.18);--shadow:0 1px 2px rgba(0,0,0,.06),0 6px 20px rgba(0,0,0,.06)}
        @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--ink:#f2f2f7;--muted:#a1a1a8;--line:rgba(120,120,128,.36);
        --accent:#0a84ff;--alarm:#ff6961;--hl:rgba(10,132,255,.3);--changed:rgba(255,159,10,.25);--shadow:none}}
        html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
        body{margin:0;background:var(--bg);color:var(--ink);
        font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","PingFang SC",sans-serif}
        header,main,footer{max-width:1640px;margin:0 auto}
        header{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:10px 24px;padding:20px 24px 0}
        .heading{min-width:0;flex:1 1 420px}
        .eyebrow{margin:0;color:var(--muted);font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.07em}
        h1{margin:2px 0 4px;font-size:24px;line-height:1.2;overflow-wrap:anywhere}
        h2{margin:0 0 4px;font-size:18px}
        h3{margin:10px 12px 0;font-size:15px;overflow-wrap:anywhere}
        .summary{margin:0;color:var(--muted)}
        .sections{display:flex;flex-wrap:wrap;gap:4px 14px;margin-top:6px;font-size:13px}
        .sections a{color:var(--accent);text-decoration:none}
        .sections a:hover{text-decoration:underline}
        h3+.summary{margin:0 12px 6px;font-size:13px}
        .hint{margin:0 0 10px;color:var(--muted);font-size:13px}
        main{display:grid;gap:28px;padding:16px 24px 24px;align-items:start;grid-template-columns:minmax(300px,400px) minmax(0,1fr)}
        main.compare{grid-template-columns:minmax(520px,760px) minmax(0,1fr)}
        .player{position:sticky;top:12px}
        .stages{display:grid;grid-template-columns:repeat(var(--n),minmax(0,1fr));gap:16px}
        .stage{margin:0;display:flex;flex-direction:column;align-items:center;gap:8px;min-width:0}
        .variant-title{align-self:stretch;overflow:hidden;font-weight:600;white-space:nowrap;text-overflow:ellipsis}
        .screen{width:min(100%,calc((100vh - 330px) * var(--ratio)));min-width:150px;border-radius:24px;overflow:hidden;
        background:#fff;box-shadow:0 0 0 1px var(--line),var(--shadow)}
        .screen{position:relative}
        .screen svg{display:block;width:100%;height:auto}
        .touch{position:absolute;aspect-ratio:1;transform:translate(-50%,-50%);border-radius:50%;pointer-events:none;display:none;
        background:rgba(0,0,0,.16);box-shadow:0 0 0 3px rgba(255,255,255,.95),0 0 0 4.5px rgba(0,0,0,.45)}
        .touch.ignored{background:rgba(255,59,48,.3);box-shadow:0 0 0 3px rgba(255,255,255,.95),0 0 0 4.5px rgba(255,59,48,.7)}
        .touch.shown{display:block}
        .now{margin:0;align-self:stretch;min-height:2.9em;font-size:13px;color:var(--muted);text-align:center;
        display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
        .transport{margin-top:10px;display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:10px 12px;
        background:var(--card);border-radius:14px;box-shadow:var(--shadow)}
        .transport>button{display:grid;place-items:center;width:36px;height:36px;padding:0;border:0;border-radius:50%;
        background:var(--bg);color:var(--ink);cursor:pointer}
        .transport>button svg{width:20px;height:20px;fill:currentColor}
        .transport>.play{width:44px;height:44px;background:var(--accent);color:#fff}
        .play .icon-pause,main.playing .play .icon-play{display:none}
        main.playing .play .icon-pause{display:block}
        .track{flex:1 1 150px;min-width:130px}
        #scrubber{display:block;width:100%;margin:0;accent-color:var(--accent)}
        .ticks{position:relative;height:7px;margin:1px 8px 0}
        .tick{position:absolute;top:0;width:2px;height:7px;margin-left:-1px;border-radius:1px;background:var(--muted)}
        .tick.ignored{background:var(--alarm)}
        #clock{min-width:9.6em;font-size:13px;font-variant-numeric:tabular-nums}
        .speeds{display:inline-flex;padding:2px;border-radius:9px;background:var(--bg)}
        .speeds button{padding:6px 10px;border:0;border-radius:7px;background:transparent;color:var(--ink);font:inherit;font-size:13px;cursor:pointer}
        .speeds button[aria-pressed="true"]{background:var(--card);font-weight:600;box-shadow:0 1px 2px rgba(0,0,0,.18)}
        .keys{margin:8px 2px 0;color:var(--muted);font-size:12px}
        .files{flex:0 1 auto}
        .downloads{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:0 0 6px;padding:0;list-style:none}
        .files .note{max-width:40em}
        .download{display:inline-block;padding:6px 10px;border-radius:9px;background:var(--card);color:var(--accent);
        font-size:13px;font-weight:600;text-decoration:none;box-shadow:var(--shadow)}
        .download:hover{text-decoration:underline}
        .size{color:var(--muted);font-weight:400}
        .note{margin:0 0 6px;color:var(--muted);font-size:13px}
        .details{min-width:0}
        .details>section+section{margin-top:28px}
        .card{background:var(--card);border-radius:14px;box-shadow:var(--shadow)}
        .event-lists{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(340px,1fr))}
        .event-list{max-height:calc(100vh - 150px);overflow:auto}
        .compare .event-lists{grid-template-columns:minmax(0,1fr)}
        .compare .event-list{max-height:calc(50vh - 70px)}
        .scroll{overflow-x:auto}
        table{width:100%;border-collapse:collapse}
        th,td{padding:7px 10px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top;font-size:14px}
        tr:last-child>td,tr:last-child>th{border-bottom:0}
        thead th{position:sticky;top:0;z-index:1;background:var(--card);color:var(--muted);font-size:12px;font-weight:600}
        tr.event{cursor:pointer}
        tr.event:hover{background:rgba(127,127,127,.08)}
        tr.event.current{background:var(--hl)}
        tr.event.current>td:first-child{box-shadow:inset 3px 0 var(--accent)}
        td.time button{padding:0;border:0;background:none;color:var(--accent);font:inherit;font-variant-numeric:tabular-nums;white-space:nowrap;cursor:pointer}
        td.why{color:var(--muted)}
        tr.ignored td:nth-child(3){color:var(--alarm);font-weight:600}
        .badge{display:inline-block;padding:1px 7px;border-radius:6px;background:rgba(127,127,127,.14);font-size:12px;font-weight:600;white-space:nowrap}
        .badge.variant{background:var(--ink);color:var(--card)}
        .kind-tap{background:rgba(0,122,255,.14);color:var(--accent)}
        .kind-spin{background:rgba(255,149,0,.18);color:#b25000}
        .kind-transition{background:rgba(48,176,199,.18);color:#0f7a8c}
        .kind-icon{background:rgba(52,199,89,.18);color:#1f7a35}
        .kind-didSelect{background:rgba(175,82,222,.16);color:#8944ab}
        tr.ignored .badge{background:rgba(255,59,48,.16);color:var(--alarm)}
        @media (prefers-color-scheme:dark){.kind-spin{color:#ffb340}.kind-transition{color:#5ac8e0}.kind-icon{color:#5fd67e}.kind-didSelect{color:#da8fff}}
        .spec table{min-width:420px}
        .spec th[scope=row]{width:32%;font-weight:500}
        .spec th code{display:block;margin-top:1px;color:var(--muted);font-size:11px;font-weight:400;overflow-wrap:anywhere}
        .spec tr.section th{padding-top:12px;color:var(--muted);font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.05em}
        .spec tr.changed td{background:var(--changed)}
        .changed-mark{margin-left:6px;padding:0 6px;border-radius:5px;background:var(--changed);color:#c93400;font-size:11px;font-weight:700}
        @media (prefers-color-scheme:dark){.changed-mark{color:#ffb340}}
        .value{font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
        .swatch{display:inline-block;width:12px;height:12px;margin-right:6px;border-radius:3px;vertical-align:-1px;box-shadow:inset 0 0 0 1px var(--line)}
        .storyboard{padding:10px 12px 12px}
        .storyboard+.storyboard{margin-top:12px}
        .storyboard summary{font-weight:600;cursor:pointer}
        .storyboard img{display:block;width:100%;height:auto;margin-top:8px;border-radius:8px}
        .empty{margin:10px 12px;color:var(--muted)}
        footer{padding:8px 24px 32px;color:var(--muted);font-size:12px}
        :focus-visible{outline:2px solid var(--accent);outline-offset:2px}
        @media (max-width:900px){
        header{padding:14px 14px 0}
        main,main.compare{grid-template-columns:minmax(0,1fr);gap:22px;padding:12px 14px 20px}
        .player{position:static}
        .screen{width:min(100%,calc(68vh * var(--ratio)))}
        .event-list{max-height:none}
        .event-lists{grid-template-columns:minmax(0,1fr)}
        th,td{padding:6px 8px;font-size:13px}
        footer{padding:8px 14px 24px}}
        @media (max-width:600px){
        h1{font-size:20px}
        .event-list thead{display:none}
        .event-list tr.event{display:grid;grid-template-columns:auto minmax(0,1fr);gap:2px 10px;padding:8px 10px;border-bottom:1px solid var(--line)}
        .event-list tr.event>td{padding:0;border:0}
        .event-list tr.event>td:nth-child(n+3){grid-column:1 / -1}
        .spec table{min-width:0}
        .spec th[scope=row]{width:40%}}
        .frame-view body{margin:0;background:#fff}
        body[data-appearance-shown="light"] [data-appearance="dark"],body[data-appearance-shown="dark"] [data-appearance="light"]{display:none!important}
        .appearances{display:inline-flex;margin:8px 0 0 0;padding:2px;border-radius:9px;background:var(--card)}
        .appearances button{padding:4px 10px;border:0;border-radius:7px;background:transparent;color:var(--ink);font:inherit;font-size:13px;cursor:pointer}
        .appearances button[aria-pressed="true"]{background:var(--bg);font-weight:600}
        tr.event.differs>td:first-child{box-shadow:inset 3px 0 #ff2d55}
        .event-differences{margin-bottom:16px}.event-differences h3{margin:10px 12px 4px}
        .change-summary{margin:4px 0 0;font-size:17px;font-weight:700}
        .change-list{margin:2px 0 0;font-size:13px}.change-list summary{cursor:pointer;color:var(--accent)}
        .change-list ul{margin:4px 0;padding-left:18px}
        .warning{margin:6px 0 0;padding:4px 10px;border-radius:8px;background:rgba(255,159,10,.18);font-size:13px;font-weight:600}
        .note.fonts summary{cursor:pointer}.note.fonts p{margin:4px 0}
        .spec img.icon{width:22px;height:22px;margin-right:6px;vertical-align:-6px;object-fit:contain;
        background:#fff;border-radius:4px;box-shadow:inset 0 0 0 1px var(--line)}
        main.compare{grid-template-columns:minmax(0,1fr)}
        main.compare .player{position:static}
        main.compare .screen{--vx:var(--sx);--vy:var(--sy);--vw:var(--sw);--vh:var(--sh);
        width:min(100%,calc((100vh - 330px) * var(--vw) / var(--vh)));aspect-ratio:var(--vw) / var(--vh);border-radius:14px}
        main.compare.zoomed .screen{--vx:var(--bx);--vy:var(--by);--vw:var(--bw);--vh:var(--bh);width:100%}
        main.compare .screen>svg{width:calc(var(--sw) / var(--vw) * 100%);max-width:none;
        margin-left:calc((var(--sx) - var(--vx)) / var(--vw) * 100%);margin-top:calc((var(--sy) - var(--vy)) / var(--vw) * 100%)}
        main.compare .touch{left:calc((var(--x) - var(--vx)) / var(--vw) * 100%)!important;top:calc((var(--y) - var(--vy)) / var(--vh) * 100%)!important;
        width:calc(var(--d) / var(--vw) * 100%)!important}
        .mark{position:absolute;display:none;box-sizing:content-box;pointer-events:none;margin:-3px 0 0 -3px;border:3px solid #ff2d55;border-radius:6px;
        left:calc((var(--x) - var(--vx)) / var(--vw) * 100%);top:calc((var(--y) - var(--vy)) / var(--vh) * 100%);
        width:calc(var(--w) / var(--vw) * 100%);height:calc(var(--h) / var(--vh) * 100%);box-shadow:0 0 0 1px rgba(255,255,255,.9)}
        .mark.shown{display:block}
        main.compare.wipe .stages{grid-template-columns:minmax(0,1fr)}
        main.compare.wipe .stage{grid-area:1 / 1}
        main.compare.wipe .stage[data-variant="B"] .screen{clip-path:inset(0 0 0 var(--wipe,50%));box-shadow:none;background:transparent}
        main.compare.wipe .stage[data-variant="B"] :is(figcaption,.now){visibility:hidden}
        main.compare.wipe .stage[data-variant="B"] .screen{border-left:2px solid #ff2d55}
        .wipe-slider{width:140px;accent-color:#ff2d55}
        main.compare.flip .stages{grid-template-columns:minmax(0,1fr)}
        main.compare.flip .stage:not(.flipped-in){display:none}
        .views{display:inline-flex;padding:2px;border-radius:9px;background:var(--bg)}
        .views button,.zoom{padding:6px 10px;border:0;border-radius:7px;background:transparent;color:var(--ink);font:inherit;font-size:13px;cursor:pointer}
        .views button[aria-pressed="true"],.zoom[aria-pressed="true"]{background:var(--card);font-weight:600;box-shadow:0 1px 2px rgba(0,0,0,.18)}
        .zoom{background:var(--bg)}
        .compare .storyboard-list{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:12px}
        .compare .storyboard+.storyboard{margin-top:0}
        @media (min-width:901px){.compare .event-lists{grid-template-columns:repeat(2,minmax(0,1fr))}
        .compare .event-list{max-height:calc(100vh - 150px)}}
        """

    // MARK: - Icons

    static let playPauseIcons = """
        <svg class="icon-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5.5v13l10.5-6.5z"/></svg>\
        <svg class="icon-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z"/></svg>
        """
    static let previousFrameIcon = """
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6h2.2v12H6zM9.5 12l8.5 6V6z"/></svg>
        """
    static let nextFrameIcon = """
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15.8 6H18v12h-2.2zM6 18l8.5-6L6 6z"/></svg>
        """

    // MARK: - Script

    /// One clock for every SVG on the page: their own SMIL clocks are paused and set to the page's time on
    /// every animation frame (`setCurrentTime`), which is how speed, scrubbing and frame steps stay exact.
    /// Without script the SVGs still play by themselves.
    static let script = """
        (() => {
        'use strict';
        const main = document.querySelector('main[data-review]');
        const duration = parseFloat(main.dataset.duration);
        const fps = parseFloat(main.dataset.fps);
        const frameCount = Math.max(1, Math.round(duration * fps));
        const epsilon = 1e-6;
        const svgs = Array.from(document.querySelectorAll('.screen > svg'));
        const nows = Array.from(document.querySelectorAll('.stage .now'));
        const scrubber = document.getElementById('scrubber');
        const clock = document.getElementById('clock');
        const play = document.getElementById('play');
        const speedButtons = Array.from(document.querySelectorAll('[data-speed]'));
        const lists = Array.from(document.querySelectorAll('.event-list')).map(box => ({
          box, rows: Array.from(box.querySelectorAll('tr.event')), current: []
        }));
        // A ring where the script touched the screen, for a moment after each tap (as iOS's "show touches").
        const touches = Array.from(document.querySelectorAll('.touch')).map(ring => ({ ring, t: parseFloat(ring.dataset.t) }));
        const touchShown = 0.4;
        const eventTimes = Array.from(new Set(lists.flatMap(l => l.rows.map(r => parseFloat(r.dataset.t))))).sort((a, b) => a - b);
        const params = new URLSearchParams(location.search);
        // review --locale: one locale's part shown at a time ([data-locale]), swapped in place.
        const picker = document.getElementById('locale');
        // A comparison: the regions that differ, marked while they do; one view or both; the bar zoomed.
        const marks = Array.from(document.querySelectorAll('.mark')).map(mark => ({
          mark, on: mark.dataset.on.split(';').filter(Boolean).map(pair => pair.split(' ').map(parseFloat))
        }));
        const viewButtons = Array.from(document.querySelectorAll('[data-view]'));
        const zoom = document.getElementById('zoom');
        let t = 0, playing = false, speed = 1, last = null;

        const wrap = x => { const r = x % duration; return r < 0 ? r + duration : (r > duration - epsilon ? 0 : r); };
        const frameAt = x => Math.min(frameCount - 1, Math.floor(x * fps + epsilon));

        function follow(box, row) {
          if (box.scrollHeight <= box.clientHeight) return;
          const r = row.getBoundingClientRect(), b = box.getBoundingClientRect();
          if (r.top < b.top + 36 || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 3;
        }

        function render() {
          // A shorter loop stays as it ends until the clock starts again (as tabanim diff draws it).
          for (const svg of svgs) {
            const own = parseFloat(svg.parentElement.dataset.duration);
            svg.setCurrentTime(own < duration - epsilon ? Math.min(t, own - 1e-3) : t);
          }
          scrubber.value = String(t);
          clock.textContent = t.toFixed(2) + ' s · frame ' + frameAt(t);
          clock.title = 'frames 0 to ' + (frameCount - 1) + ' at ' + fps + ' fps';
          for (const touch of touches) touch.ring.classList.toggle('shown', t >= touch.t - epsilon && t < touch.t + touchShown);
          for (const { mark, on } of marks) mark.classList.toggle('shown', on.some(([start, end]) => t >= start - epsilon && t < end - epsilon));
          lists.forEach((list, index) => {
            let time = null;
            for (const row of list.rows) {
              const rowTime = parseFloat(row.dataset.t);
              if (rowTime <= t + epsilon) time = rowTime; else break;
            }
            const current = time === null ? [] : list.rows.filter(row => parseFloat(row.dataset.t) === time);
            if (current.length !== list.current.length || current.some((row, i) => row !== list.current[i])) {
              list.current.forEach(row => row.classList.remove('current'));
              current.forEach(row => row.classList.add('current'));
              list.current = current;
              if (current.length) follow(list.box, current[0]);
            }
            if (nows[index] && list.rows.length) {
              // A tap that was ignored is said once, as ignored.
              const ignored = current.some(row => row.dataset.kind === 'tap-ignored');
              const said = current.filter(row => !(ignored && row.dataset.kind === 'tap'));
              nows[index].textContent = said.length
                ? time.toFixed(2) + ' s · ' + said.map(row => row.cells[2].textContent).join(' · ')
                : 'Before the first tap';
            }
          });
        }

        function seek(x) { t = wrap(x); render(); }

        const wipe = document.getElementById('wipe');
        function setWipe(percent) { document.querySelector('.stages').style.setProperty('--wipe', percent + '%'); }
        if (wipe) wipe.addEventListener('input', () => setWipe(parseFloat(wipe.value)));

        function showView(view) {
          main.classList.toggle('wipe', view === 'wipe');
          if (wipe) { wipe.hidden = view !== 'wipe'; setWipe(parseFloat(wipe.value)); }
          if (view === 'wipe') view = 'both';
          main.classList.toggle('flip', view !== 'both');
          document.querySelectorAll('.stage').forEach(stage => stage.classList.toggle('flipped-in', stage.dataset.variant === view));
          viewButtons.forEach(b => b.setAttribute('aria-pressed', String(b.dataset.view === (main.classList.contains('wipe') ? 'wipe' : view))));
        }

        function flip() {
          const labels = viewButtons.map(b => b.dataset.view).filter(view => view !== 'both' && view !== 'wipe');
          const shown = viewButtons.find(b => b.getAttribute('aria-pressed') === 'true');
          const index = labels.indexOf(shown ? shown.dataset.view : 'both');
          showView(labels[(index + 1) % labels.length]);
        }

        function showLocale(code) {
          if (!picker || !Array.from(picker.options).some(option => option.value === code)) return;
          picker.value = code;
          for (const part of document.querySelectorAll('[data-locale]')) part.hidden = part.dataset.locale !== code;
          main.dataset.shownLocale = code;  // not data-locale: that marks a locale's parts
          render();
        }

        function setPlaying(on) {
          playing = on;
          last = null;
          main.classList.toggle('playing', on);
          play.setAttribute('aria-label', on ? 'Pause' : 'Play');
        }

        function setSpeed(value) {
          speed = value;
          speedButtons.forEach(b => b.setAttribute('aria-pressed', String(parseFloat(b.dataset.speed) === value)));
        }

        function step(frames) {
          setPlaying(false);
          const index = ((Math.round(t * fps) + frames) % frameCount + frameCount) % frameCount;
          seek(index / fps);
        }

        function jump(direction) {
          setPlaying(false);
          if (!eventTimes.length) return;
          const next = direction > 0
            ? eventTimes.find(x => x > t + epsilon) ?? eventTimes[0]
            : [...eventTimes].reverse().find(x => x < t - epsilon) ?? eventTimes[eventTimes.length - 1];
          seek(next);
        }

        function tick(now) {
          if (playing) {
            if (last !== null) seek(t + (now - last) / 1000 * speed);
            last = now;
          }
          requestAnimationFrame(tick);
        }

        play.addEventListener('click', () => setPlaying(!playing));
        document.getElementById('back').addEventListener('click', () => step(-1));
        document.getElementById('forward').addEventListener('click', () => step(1));
        scrubber.addEventListener('input', () => { setPlaying(false); seek(parseFloat(scrubber.value)); });
        speedButtons.forEach(b => b.addEventListener('click', () => setSpeed(parseFloat(b.dataset.speed))));
        if (picker) picker.addEventListener('change', () => showLocale(picker.value));
        viewButtons.forEach(b => b.addEventListener('click', () => showView(b.dataset.view)));
        // --interface-style both: one appearance's parts shown at a time, the reader's own first.
        const appearanceButtons = Array.from(document.querySelectorAll('[data-appearance-button]'));
        function showAppearance(name) {
          if (!appearanceButtons.some(b => b.dataset.appearanceButton === name)) return;
          document.body.dataset.appearanceShown = name;
          appearanceButtons.forEach(b => b.setAttribute('aria-pressed', String(b.dataset.appearanceButton === name)));
        }
        appearanceButtons.forEach(b => b.addEventListener('click', () => showAppearance(b.dataset.appearanceButton)));
        if (appearanceButtons.length) {
          showAppearance(params.get('appearance') || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
        }
        if (zoom) zoom.addEventListener('click', () => {
          const on = !main.classList.contains('zoomed');
          main.classList.toggle('zoomed', on);
          zoom.setAttribute('aria-pressed', String(on));
        });
        main.addEventListener('click', event => {
          const row = event.target.closest('tr.event');
          if (!row) return;
          setPlaying(false);
          seek(parseFloat(row.dataset.t));
        });
        document.addEventListener('keydown', event => {
          if (event.altKey || event.ctrlKey || event.metaKey) return;
          const tag = event.target.tagName;
          if (event.key === ' ') {
            if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return;
            event.preventDefault();
            setPlaying(!playing);
          } else if ((event.key === 'f' || event.key === 'F') && viewButtons.length && tag !== 'INPUT' && tag !== 'SELECT') {
            flip();
          } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
            event.preventDefault();
            const direction = event.key === 'ArrowRight' ? 1 : -1;
            if (event.shiftKey) jump(direction); else step(direction);
          }
        });

        const askedTime = parseFloat(params.get('t'));
        const askedSpeed = parseFloat(params.get('speed'));
        if ([0.25, 0.5, 1].includes(askedSpeed)) setSpeed(askedSpeed);
        if (params.get('view') === 'frame') {
          const stage = params.has('locale') ? document.querySelector('.stage[data-locale="' + CSS.escape(params.get('locale')) + '"]') : null;
          const svg = stage ? stage.querySelector('.screen > svg') : svgs[Math.min(svgs.length, Math.max(1, parseInt(params.get('scene'), 10) || 1)) - 1];
          document.documentElement.className = 'frame-view';
          document.body.replaceChildren(svg);
          svg.style.width = svg.getAttribute('width') + 'px';
          svg.style.height = svg.getAttribute('height') + 'px';
          svg.style.display = 'block';
          svg.pauseAnimations();
          svg.setCurrentTime(wrap(Number.isFinite(askedTime) ? askedTime : 0));
          return;
        }
        svgs.forEach(svg => svg.pauseAnimations());
        if (params.has('locale')) showLocale(params.get('locale'));
        const still = (Number.isFinite(askedTime) && !params.has('play')) || matchMedia('(prefers-reduced-motion: reduce)').matches;
        seek(Number.isFinite(askedTime) ? askedTime : 0);
        setPlaying(!still);
        requestAnimationFrame(tick);
        })();
        """
}
