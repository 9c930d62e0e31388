/**
 * A stand-in for Google's `gapi.iframes` (https://apis.google.com/js/api.js), which Firebase's
 * popup sign-in loads on the page, and which the Auth emulator's helper iframe loads too: the
 * page opens the helper iframe, pings it, and the two register handlers and send each other
 * messages ("webStorageSupport", "authEvent"). Here those messages travel by postMessage between
 * the page and the iframe, as the real library carries them. The tests run offline, so the
 * browser context answers api.js with this script, and the emulator's sign-in page's styles
 * and fonts (unpkg, Google Fonts) with nothing.
 */
import type { BrowserContext, Request } from '@playwright/test';

/** The script served as api.js, in the page and in the emulator's iframe alike. */
const GAPI_DOUBLE = String.raw`(function () {
  var script = document.currentScript;
  var onload = script ? new URL(script.src, location.href).searchParams.get('onload') : null;
  var handlers = {};
  var replies = {};
  var pongs = [];
  var ready = false;
  var sequence = 0;
  function post(target, message) {
    message.gapiDouble = true;
    target.postMessage(message, '*');
  }
  function channel(target) {
    return {
      register: function (name, handler) { handlers[name] = handler; },
      send: function (name, data, callback) {
        var id = String(++sequence) + '-' + Math.random();
        replies[id] = callback;
        post(target, { kind: 'send', name: name, data: data, id: id });
      },
    };
  }
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || m.gapiDouble !== true) return;
    if (m.kind === 'send') {
      var handler = handlers[m.name];
      post(event.source, { kind: 'reply', id: m.id, responses: handler ? [handler(m.data)] : [] });
    } else if (m.kind === 'reply') {
      var callback = replies[m.id];
      delete replies[m.id];
      if (callback) callback(m.responses);
    } else if (m.kind === 'ping') {
      if (ready) post(event.source, { kind: 'pong' });
    } else if (m.kind === 'pong') {
      pongs.slice().forEach(function (fn) { fn(event.source); });
    }
  });
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var handle = channel(frame.contentWindow);
      handle.restyle = function () { return Promise.resolve(); };
      handle.ping = function (callback) {
        return new Promise(function (resolve) {
          var timer = setInterval(function () { post(frame.contentWindow, { kind: 'ping' }); }, 50);
          pongs.push(function (source) {
            if (source !== frame.contentWindow) return;
            clearInterval(timer);
            if (callback) callback();
            resolve();
          });
        });
      };
      return onOpen ? onOpen(handle) : handle;
    },
    getParentIframe: function () {
      ready = true;
      return channel(window.parent);
    },
  };
  window.gapi = {
    load: function (_name, options) {
      setTimeout(function () { (typeof options === 'function' ? options : options.callback)(); }, 0);
    },
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; }, getContext: function () { return context; } },
  };
  if (onload && typeof window[onload] === 'function') window[onload]();
  if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();`;

/** Serves the stand-in for api.js in `context` (every page and frame); returns the requests for it. */
export async function installGapiDouble(context: BrowserContext): Promise<Request[]> {
  const requests: Request[] = [];
  await context.route('https://apis.google.com/**', (route) => {
    requests.push(route.request());
    return route.fulfill({ contentType: 'text/javascript', body: GAPI_DOUBLE });
  });
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({ contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/css', body: '' }),
  );
  return requests;
}
