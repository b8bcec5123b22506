/**
 * Time dilation inside an execution's context: the script's `Date` reads the execution's script
 * clock (epoch at start + real elapsed × timeScale) instead of the real one.
 *
 * Only what reads "now" changes: `Date.now()`, `new Date()` with no argument, and `Date()` called as a
 * function. Everything else is the context's own Date: `new Date(x)`, `Date.UTC`, `Date.parse`, the
 * prototype and its methods. The global `Date` becomes a Proxy of the context's Date (not a wrapper
 * function), so `instanceof Date`, `Date.prototype`, `Date.length`, `Date.name`, subclassing
 * (`class D extends Date`) and `Object.prototype.toString.call(new Date())` ("[object Date]") hold,
 * and `Date.prototype.constructor === Date`.
 *
 * Everything is built by code evaluated in the context, so every function the script can reach
 * (the Proxy's traps are not reachable; `Date.now` is) belongs to the script's realm: the node
 * function that reads the clock is closed over by a script-realm wrapper and never exposed.
 */
import vm from 'node:vm';
import type { Realm } from './realm.js';

const installScript = new vm.Script(
  `(function (clock) {
    'use strict';
    var OriginalDate = Date;
    var construct = Reflect.construct;
    var toString = Function.prototype.call.bind(OriginalDate.prototype.toString);
    var DilatedDate = new Proxy(OriginalDate, {
      construct: function (target, args, newTarget) {
        return construct(target, args.length === 0 ? [clock()] : args, newTarget);
      },
      apply: function (target) {
        // Date() as a function ignores its arguments and returns the current time as a string.
        return toString(construct(target, [clock()]));
      },
    });
    // A method (not a constructor), like the built-in Date.now.
    var now = { now() { return clock(); } }.now;
    Object.defineProperty(OriginalDate, 'now', { value: now, writable: true, enumerable: false, configurable: true });
    Object.defineProperty(OriginalDate.prototype, 'constructor', { value: DilatedDate, writable: true, enumerable: false, configurable: true });
    Object.defineProperty(globalThis, 'Date', { value: DilatedDate, writable: true, enumerable: false, configurable: true });
  })`,
  { filename: 'dev-gas-dilated-date.js' },
);

/**
 * Replaces the context's global `Date` by one whose "now" is `scriptNow()` (epoch ms, floored to an
 * integer as Date.now() is). Call right after createRealm(), before Code.js runs; `realm.Date` stays
 * the context's original constructor (same prototype), which the runtime uses to build Dates.
 */
export function installDilatedDate(realm: Realm, scriptNow: () => number): void {
  const clock = realm.wrapFunction(() => Math.floor(scriptNow()), 'clock');
  const install = installScript.runInContext(realm.context) as (clock: unknown) => void;
  install(clock);
}
