import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MoodRecordView, MoodTypeView } from '../../../contracts/views';
import { Toaster } from '../../components/ui/toast';
import { createAppQueryClient } from '../../lib/query-client';

export const MOOD_TYPES: MoodTypeView[] = [
  { id: 1, name: 'Happy', icon: '😊', category: 'general', description: 'Cheerful and content' },
  { id: 2, name: 'Calm', icon: '😌', category: 'general', description: 'Relaxed and at peace' },
  { id: 9, name: 'Hopeful', icon: '🌱', category: 'relationship', description: 'Optimistic about finding a partner' },
  { id: 15, name: 'Homesick', icon: '🏡', category: 'cultural', description: 'Missing home' },
];

let nextRecordId = 1;

/** A mood record as GET /api/moods/history returns it; override what a test cares about. */
export function buildMoodRecord(overrides: Partial<MoodRecordView> = {}): MoodRecordView {
  return {
    id: nextRecordId++,
    moodType: MOOD_TYPES[0] ?? null,
    description: null,
    intensity: 3,
    scale: 'tracker',
    note: null,
    isPrivate: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Renders `ui` with the app's query client defaults and the toaster. */
export function renderWithQueries(ui: ReactNode) {
  const queryClient = createAppQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
