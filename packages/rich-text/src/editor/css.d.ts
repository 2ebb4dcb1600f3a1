// Stylesheets are side-effect imports the bundler handles.
declare module '*.css';
