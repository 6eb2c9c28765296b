import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_ID, jsonForScript, serverRenderedTemplate } from './web-app.js';

// The head Vite writes for the app, in its own words.
const VITE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Rips Memorial</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-XyZ.js">
    <link rel="modulepreload" crossorigin href="/assets/Box-Q1.js">
    <link rel="stylesheet" crossorigin href="/assets/style-S1.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript
      >Rips Memorial needs JavaScript to show memorials. Please enable it and reload.</noscript
    >
  </body>
</html>`;

describe('jsonForScript', () => {
  it('writes JSON no script element, comment or line separator can break out of', () => {
    const value = {
      title: '</script><script>alert(1)</script> <!-- & --> \u2028\u2029',
      nested: ['<b>', { '</SCRIPT>': '>' }],
    };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('serverRenderedTemplate', () => {
  it('puts the boot script in place of the entry and its preloads, and drops the noscript notice', () => {
    const html = serverRenderedTemplate(VITE_INDEX);
    expect(html).toContain(
      `<script type="module" src="/boot.js" id="${BOOT_SCRIPT_ID}" data-entry="/assets/index-AbC123.js" data-preload="/assets/react-XyZ.js /assets/Box-Q1.js"></script>`,
    );
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('<noscript');
    // The stylesheet stays: the page is styled from its first paint.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-S1.css">');
    expect(html).toContain('<div id="root"></div>');
  });

  it('leaves a template without an entry script as it is', () => {
    const plain = '<html><body><div id="root"></div></body></html>';
    expect(serverRenderedTemplate(plain)).toBe(plain);
  });
});
