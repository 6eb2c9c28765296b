import { describe, expect, it } from 'vitest';
import { jsonForScript, PAGE_DATA_ID, parseTemplate, renderedPage, shellPage } from './web-app.js';

// The head Vite writes for the app, in its own words.
const VITE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-XyZ.js">
    <link rel="modulepreload" crossorigin href="/assets/Box-Q1.js">
    <link rel="stylesheet" crossorigin href="/assets/style-S1.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-data-->
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

describe('page template', () => {
  const template = parseTemplate(VITE_INDEX);

  it('sends the shell with the site title and a notice for browsers without scripts', () => {
    const html = shellPage(template);
    expect(html).toContain('<title>Rips Memorial</title>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<noscript>');
    expect(html).not.toContain('<!--app-');
    // Vite's entry, preloads and stylesheet stay as Vite wrote them.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-XyZ.js">');
  });

  it('puts a rendered page, its escaped title and its data in place, as text', () => {
    const html = renderedPage(template, {
      title: 'A & B <i> · Rips Memorial',
      html: '<p>$& $1 kept</p>',
      data: { note: '</script>' },
    });
    expect(html).toContain('<title>A &amp; B &lt;i&gt; · Rips Memorial</title>');
    expect(html).toContain('<div id="root"><p>$& $1 kept</p></div>');
    expect(html).toContain(
      `<script type="application/json" id="${PAGE_DATA_ID}">{"note":"\\u003c/script\\u003e"}</script>`,
    );
    expect(html).not.toContain('<noscript>');
  });

  it("puts a page's own description in place of the site's, escaped, and keeps the site's otherwise", () => {
    // index.html's own head: the site-wide description, written over several lines.
    const withSiteDescription = parseTemplate(
      VITE_INDEX.replace(
        '<!--app-head-->',
        `<meta
      name="description"
      content="Rips Memorial is a quiet place online."
    />
    <!--app-head-->`,
      ),
    );
    const page = { title: 'Accessibility Statement · Rips Memorial', html: '<h1>A</h1>', data: {} };
    const own = renderedPage(withSiteDescription, { ...page, description: 'How & why <we> test' });
    expect(own.match(/<meta name="description"/g)).toHaveLength(1);
    expect(own).toContain('<meta name="description" content="How &amp; why &lt;we&gt; test" />');
    expect(own).not.toContain('a quiet place online');
    expect(renderedPage(withSiteDescription, page)).toContain(
      'content="Rips Memorial is a quiet place online."',
    );
    // A template without the site's description gets the page's beside its title.
    expect(renderedPage(template, { ...page, description: 'Ours' })).toContain(
      '<title>Accessibility Statement · Rips Memorial</title><meta name="description" content="Ours" />',
    );
  });

  it('refuses a template without its markers', () => {
    expect(() => parseTemplate('<html><body><div id="root"></div></body></html>')).toThrow(
      /<!--app-head-->/,
    );
  });
});
