// standalone.tsx imports @forum/ui, whose index imports its stylesheets.
declare module '*.css';
