/*
 * google.script.* for pages served by dev/host: the shape of Google's client API, backed by the host.
 * google.script.run.withSuccessHandler(f).withFailureHandler(g).withUserObject(o).fnName(...args)
 * posts {fn, args} to /__gas/run, where the host runs fnName in its GasRuntime (one execution, sidebar
 * mode). Handlers are called asynchronously, like Google's. Plain ES2017 browser script, injected
 * into every page the host serves.
 */
// @ts-check: JSDoc types, checked by `npm run typecheck` (dev/host/tsconfig.json) and by the linter.
(function () {
  'use strict';
  var ENDPOINT = '/__gas/run';

  /** @typedef {null | string | number | boolean | unknown[] | { [key: string]: unknown }} Wire What the host receives (made of Wire values). */
  /** @typedef {(value: unknown, userObject: unknown) => void} SuccessHandler */
  /** @typedef {(error: Error, userObject: unknown) => void} FailureHandler */
  /** @typedef {{ ok: unknown, value?: unknown, error?: unknown }} Reply The host's answer (checked before use). */

  /**
   * Google accepts primitives, null, and arrays/objects made of them; a <form> only as the sole argument.
   * @param {unknown} value an argument
   * @param {number} index its position, for the message
   * @returns {Wire}
   */
  function toWire(value, index) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    if (value === undefined) return null;
    if (typeof HTMLFormElement !== 'undefined' && value instanceof HTMLFormElement) {
      /** @type {Record<string, string | null>} */
      var fields = {};
      new FormData(value).forEach(function (v, k) {
        fields[k] = typeof v === 'string' ? v : null;
      });
      return fields;
    }
    if (Array.isArray(value))
      return value.map(function (v) {
        return toWire(v, index);
      });
    if (typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) {
      /** @type {Record<string, Wire>} */
      var out = {};
      Object.keys(value).forEach(function (k) {
        out[k] = toWire(/** @type {Record<string, unknown>} */ (value)[k], index);
      });
      return out;
    }
    throw new Error('Failed due to illegal value in property: ' + index);
  }

  /** @param {() => void} fn */
  function later(fn) {
    setTimeout(fn, 0);
  }

  /**
   * @param {FailureHandler | null} failure
   * @param {unknown} userObject
   * @param {string} message
   */
  function fail(failure, userObject, message) {
    var error = new Error(message);
    later(function () {
      if (failure) failure(error, userObject);
      else throw error; // Google reports an unhandled server error as an uncaught exception
    });
  }

  /**
   * @param {string} fn the server function's name
   * @param {Wire[]} args
   * @param {SuccessHandler | null} success
   * @param {FailureHandler | null} failure
   * @param {unknown} userObject
   */
  function invoke(fn, args, success, failure, userObject) {
    var payload = JSON.stringify({ fn: fn, args: args });
    fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: payload })
      .then(function (response) {
        return response.text().then(function (text) {
          /** @type {Reply | null} */
          var body;
          try {
            /** @type {unknown} */
            var parsed = JSON.parse(text);
            body = /** @type {Reply | null} */ (parsed); // its shape is checked below
          } catch (e) {
            body = null;
          }
          if (!body || typeof body.ok !== 'boolean') throw new Error('dev/host answered ' + response.status + ': ' + text.slice(0, 200));
          return body;
        });
      })
      .then(function (body) {
        if (body.ok)
          later(function () {
            if (success) success(body.value, userObject);
          });
        else fail(failure, userObject, String(body.error));
      })
      .catch(function (/** @type {Error | undefined} */ error) {
        fail(failure, userObject, 'NetworkError: Connection failure due to HTTP 0 (' + (error && error.message) + ')');
      });
  }

  /**
   * @param {SuccessHandler | null} success
   * @param {FailureHandler | null} failure
   * @param {unknown} userObject
   * @returns {unknown} a proxy: the three with* methods, and any other name calls the server
   */
  function runner(success, failure, userObject) {
    var own = {
      withSuccessHandler: function (/** @type {SuccessHandler} */ f) {
        return runner(f, failure, userObject);
      },
      withFailureHandler: function (/** @type {FailureHandler} */ f) {
        return runner(success, f, userObject);
      },
      withUserObject: function (/** @type {unknown} */ o) {
        return runner(success, failure, o);
      },
    };
    // Google generates one method per public server function; the host does not know the names, so
    // any name is callable and an unknown one fails on the server ("Script function not found").
    return new Proxy(own, {
      get: function (target, name) {
        if (typeof name !== 'string' || name === 'then' || name === 'toJSON') return undefined;
        if (Object.prototype.hasOwnProperty.call(target, name)) return target[/** @type {keyof typeof own} */ (name)];
        return function () {
          // An argument Google cannot send throws here, at the call, as Google's does.
          var args = /** @type {Wire[]} */ (Array.prototype.map.call(arguments, toWire));
          invoke(name, args, success, failure, userObject);
        };
      },
    });
  }

  var host = {
    origin: location.origin,
    close: function () {
      document.documentElement.setAttribute('data-gas-closed', '');
    },
    setHeight: function () {},
    setWidth: function () {},
    editor: { focus: function () {} },
  };
  var url = {
    getLocation: function (
      /** @type {(location: { hash: string, parameter: Record<string, string>, parameters: Record<string, string[]> }) => void} */ callback,
    ) {
      /** @type {Record<string, string>} */
      var parameter = {};
      /** @type {Record<string, string[]>} */
      var parameters = {};
      new URLSearchParams(location.search).forEach(function (v, k) {
        if (!(k in parameter)) parameter[k] = v;
        (parameters[k] = parameters[k] || []).push(v);
      });
      later(function () {
        callback({ hash: location.hash.slice(1), parameter: parameter, parameters: parameters });
      });
    },
  };

  var page = /** @type {Window & { google?: { script?: unknown } }} */ (window);
  page.google = page.google || {};
  page.google.script = { run: runner(null, null, undefined), host: host, url: url };
})();
