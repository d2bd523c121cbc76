import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

/**
 * Accessibility checks of the browser tests (issue 12): axe-core from npm, injected into the page, every rule it
 * runs by default (WCAG 2.0–2.2 A/AA and best practices); a finding of impact "critical" or "serious" fails the
 * test, naming the rule, the help text and the first nodes. `A11Y=off` skips the checks (to debug something else);
 * `A11Y=report` does not fail but appends every screen's findings to the file A11Y_REPORT (default
 * /tmp/a11y-report.txt), to survey many screens in one run while fixing them.
 */
const require = createRequire(import.meta.url);
let axeSource: string | undefined;
const source = () => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

export const FAILING_IMPACTS = ['critical', 'serious'] as const;

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

export class AccessibilityError extends Error {}

/** Runs axe on the page as it is now and throws when it finds a critical or serious violation. */
export async function checkAccessibility(page: Page, label = ''): Promise<void> {
  if (process.env.A11Y === 'off') return;
  let findings: Finding[] = [];
  // A transition or animation that starts while axe runs (a button a timer enables, a toast sliding in) is
  // measured halfway, with a contrast it never keeps: such a run does not count, and the page is settled and
  // checked again (at most three times; a real violation stays put).
  for (let attempt = 1; attempt <= 3; attempt++) {
    await settle(page);
    const already = await page.evaluate(
      () => typeof (window as unknown as { axe?: unknown }).axe === 'object',
    );
    if (!already) await page.evaluate(source());
    const run = (await page.evaluate(async () => {
      let moved = false;
      const mark = () => (moved = true);
      for (const kind of ['transitionstart', 'transitionrun', 'animationstart'])
        document.addEventListener(kind, mark, true);
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
        .axe;
      try {
        const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
          violations: Finding[];
        };
        return {
          moved,
          findings: result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
          })),
        };
      } finally {
        for (const kind of ['transitionstart', 'transitionrun', 'animationstart'])
          document.removeEventListener(kind, mark, true);
      }
    })) as { moved: boolean; findings: Finding[] };
    findings = run.findings;
    if (!run.moved) break;
  }
  const failing = findings.filter((f) => (FAILING_IMPACTS as readonly string[]).includes(f.impact ?? ''));
  if (process.env.A11Y === 'report') {
    // The survey also notes screens whose tab title does not name the screen ("<screen> · <conference>").
    const title = await page.title();
    if (!title.includes(' · '))
      appendFileSync(
        process.env.A11Y_REPORT ?? '/tmp/a11y-report.txt',
        `Title "${title}" on ${label || new URL(page.url()).pathname}\n`,
      );
  }
  if (failing.length === 0) return;
  const where = label || new URL(page.url()).pathname;
  const lines = failing.map(
    (f) =>
      `- ${f.impact} ${f.id}: ${f.help} (${f.nodes.length} node${f.nodes.length === 1 ? '' : 's'}: ` +
      f.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ') +
      ')',
  );
  const message = `Accessibility violations on ${where}:\n${lines.join('\n')}`;
  if (process.env.A11Y === 'report') {
    appendFileSync(process.env.A11Y_REPORT ?? '/tmp/a11y-report.txt', `${message}\n`);
    return;
  }
  throw new AccessibilityError(message);
}

/**
 * Waits until the screen's requests are answered (a button enabled by an answer that arrives while axe runs is
 * measured halfway through its colour transition), then until no finite CSS animation or transition runs (a
 * fading dialog has a contrast it never keeps).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: 150, timeout: 5000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || (a.effect?.getComputedTiming().iterations ?? 1) === Infinity,
          ),
      { timeout: 5000, polling: 50 },
    )
    .catch(() => undefined);
}

const checked = new WeakMap<Page, Set<string>>();

/** A screen's key: the path with its numbers blanked, and whether a dialog is open on it. */
async function screenKey(page: Page): Promise<string> {
  const path = new URL(page.url()).pathname.replace(/\/\d+(?=\/|$)/g, '/#');
  // Only a dialog on show counts (a closed drawer or dialog kept in the page is hidden, not gone).
  const dialog = await page
    .evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog]')].some((d) =>
        d.checkVisibility({ visibilityProperty: true }),
      ),
    )
    .catch(() => false);
  return `${path}${dialog ? ' +dialog' : ''}`;
}

/**
 * Checks the screen the page shows once per browser environment (called by the helpers that wait for a screen,
 * so every screen a test visits is checked without the test asking).
 */
export async function checkScreenOnce(page: Page): Promise<void> {
  if (process.env.A11Y === 'off') return;
  let seen = checked.get(page);
  if (!seen) checked.set(page, (seen = new Set()));
  const key = await screenKey(page);
  if (seen.has(key)) return;
  seen.add(key);
  await checkAccessibility(page, key);
}
