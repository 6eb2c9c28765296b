/** The URL of the app's entry chunk (vite-plugins/start-app-after-paint.ts). */
declare module 'virtual:start-app-url' {
  const url: string;
  export default url;
}
