/** The visitor landing's copy: static marketing text, never user content (it is built into HTML). */
export const LANDING_TEXTS = {
  heroTitle: 'Welcome to the Forum',
  heroText: 'Join communities, share ideas and take part in discussions that matter to you.',
  browseCommunities: 'Browse Communities',
  joinTheDiscussion: 'Join the Discussion',
  features: [
    {
      title: 'Find your communities',
      text: 'Browse communities about anything you care about, join them and follow their posts.',
    },
    {
      title: 'Share and discuss',
      text: 'Post text, links and images, and talk it through in threaded comments.',
    },
    {
      title: 'Fair and open',
      text: 'Transparent public moderation logs, elected moderators and no ads.',
    },
  ],
} as const;
