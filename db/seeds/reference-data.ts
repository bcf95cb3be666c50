import type { Knex } from 'knex';

// Reference data every install needs. Idempotent: inserts what is missing, never overwrites edits.

export const MOOD_TYPES = [
  // general
  { name: 'Happy', icon: '😊', category: 'general', valence: 2, energy: 4, description: 'Cheerful and content' },
  { name: 'Calm', icon: '😌', category: 'general', valence: 1, energy: 2, description: 'Relaxed and at peace' },
  { name: 'Excited', icon: '🤩', category: 'general', valence: 2, energy: 5, description: 'Full of energy and anticipation' },
  { name: 'Tired', icon: '😴', category: 'general', valence: -1, energy: 1, description: 'Low on energy' },
  { name: 'Anxious', icon: '😟', category: 'general', valence: -1, energy: 4, description: 'Uneasy or worried' },
  { name: 'Sad', icon: '😢', category: 'general', valence: -2, energy: 2, description: 'Feeling down' },
  { name: 'Grateful', icon: '🙏', category: 'general', valence: 2, energy: 3, description: 'Thankful for what you have' },
  { name: 'Stressed', icon: '😣', category: 'general', valence: -2, energy: 4, description: 'Under pressure' },
  // relationship
  { name: 'Hopeful', icon: '🌱', category: 'relationship', valence: 2, energy: 3, description: 'Optimistic about finding a partner' },
  { name: 'Romantic', icon: '💕', category: 'relationship', valence: 2, energy: 4, description: 'In the mood for love' },
  { name: 'Curious', icon: '🤔', category: 'relationship', valence: 1, energy: 3, description: 'Open to getting to know someone' },
  { name: 'Cautious', icon: '🛡️', category: 'relationship', valence: 0, energy: 2, description: 'Taking things slowly' },
  { name: 'Lonely', icon: '🌧️', category: 'relationship', valence: -2, energy: 2, description: 'Missing companionship' },
  { name: 'Ready to commit', icon: '💍', category: 'relationship', valence: 2, energy: 4, description: 'Ready for a serious relationship' },
  // cultural
  { name: 'Homesick', icon: '🏡', category: 'cultural', valence: -1, energy: 2, description: 'Missing home and family in India' },
  { name: 'Festive', icon: '🪔', category: 'cultural', valence: 2, energy: 5, description: 'Celebrating festivals and traditions' },
  { name: 'Connected', icon: '🤝', category: 'cultural', valence: 2, energy: 3, description: 'Close to the Indian community abroad' },
  { name: 'Adapting', icon: '🌍', category: 'cultural', valence: 1, energy: 3, description: 'Settling into life abroad' },
  { name: 'Torn', icon: '⚖️', category: 'cultural', valence: -1, energy: 3, description: 'Between two cultures' },
  { name: 'Proud', icon: '🇮🇳', category: 'cultural', valence: 2, energy: 4, description: 'Proud of your heritage' },
] as const;

export const SUBSCRIPTION_PLANS = [
  {
    tier: 'tryme', name: 'Tryme', description: 'Basic features to get started', priceCents: 0, messageLimit: 5,
    features: ['Create your profile', 'Daily matches', 'Basic search filters', 'Basic Kundali matching', '5 new messages a month'],
  },
  {
    tier: 'premium', name: 'Premium', description: 'Everything you need to find your match', priceCents: 1499, messageLimit: null,
    features: ['Unlimited messaging', 'See who liked your profile', 'Advanced astro-matching', 'Search priority', 'Advanced filters', 'Detailed Kundali matching', 'Priority support'],
  },
  {
    tier: 'elite', name: 'Elite', description: 'A personal matchmaking experience', priceCents: 2999, messageLimit: null,
    features: ['Everything in Premium', 'Weekly profile boost', 'Personalised match recommendations', 'Dedicated advisor', 'Astrology consultation'],
  },
] as const;

export async function seedReferenceData(knex: Knex): Promise<void> {
  const now = Date.now();
  for (const mood of MOOD_TYPES) {
    const existing = await knex('mood_types').where({ category: mood.category, name: mood.name }).first();
    if (!existing) await knex('mood_types').insert({ ...mood, createdAt: now });
  }
  for (const [index, plan] of SUBSCRIPTION_PLANS.entries()) {
    const existing = await knex('subscription_plans').where({ tier: plan.tier }).first();
    if (!existing) {
      await knex('subscription_plans').insert({
        tier: plan.tier, name: plan.name, description: plan.description, priceCents: plan.priceCents,
        currency: 'usd', messageLimit: plan.messageLimit, features: JSON.stringify(plan.features), sortOrder: index,
      });
    }
  }
  const counter = await knex('counters').where({ name: 'registrations' }).first();
  if (!counter) await knex('counters').insert({ name: 'registrations', value: 0 });
}
