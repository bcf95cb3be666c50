import { useQuery } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Lock from 'lucide-react/icons/lock';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import type { CompletionStatusView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Progress, type ProgressTone } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/toast';
import { completionStatusQueryOptions } from '../../../lib/profiles';

/** Red below 30 %, yellow below 70 %, green otherwise. */
export function completionTone(percentage: number): ProgressTone {
  if (percentage < 30) return 'danger';
  if (percentage < 70) return 'warning';
  return 'success';
}

/** The completion-status fetch error text. */
export const COMPLETION_FETCH_ERROR = 'Failed to fetch profile completion status.';

export type StageState = 'done' | 'active' | 'locked';

/** Earlier stages are done, the server's next stage is active, later ones wait (all done once complete). */
export function stageStateOf(stage: number, status: Pick<CompletionStatusView, 'nextStage'>): StageState {
  const next = status.nextStage?.stage;
  if (next === undefined) return 'done';
  if (stage < next) return 'done';
  return stage === next ? 'active' : 'locked';
}

const STATE_TEXT: Record<StageState, string> = { done: 'Completed', active: 'Next step', locked: 'Locked' };

export interface StageChoice {
  stage: number;
  /** The server's field list, when the chosen stage is the next one. */
  fields: string[] | null;
}

export function CompletionCard({ userId, onSelectStage }: { userId: number; onSelectStage: (choice: StageChoice) => void }) {
  const status = useQuery(completionStatusQueryOptions(userId));

  if (status.isPending) {
    return (
      <Card className="completion-card" aria-busy="true">
        <p className="completion-card__title">Profile Completion</p>
        <div className="completion-skeleton completion-skeleton--bar" />
        <div className="completion-skeleton completion-skeleton--rows" />
      </Card>
    );
  }

  if (status.isError) {
    return (
      <Card className="completion-card completion-card--error" role="alert">
        <p className="completion-card__title">Error Loading Profile Status</p>
        <p className="card__text">We couldn't load your profile completion status</p>
        <p className="completion-card__error">{COMPLETION_FETCH_ERROR}</p>
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          <RefreshCw size={16} aria-hidden="true" />
          Retry
        </Button>
      </Card>
    );
  }

  const data = status.data;
  const percentage = data.completionPercentage;
  const tone = completionTone(percentage);

  const choose = (stage: number, state: StageState) => {
    if (state === 'locked') {
      toast({ title: 'Complete current stage first', description: 'Please complete the current stage before moving to the next one.' });
      return;
    }
    onSelectStage({ stage, fields: state === 'active' && data.nextStage ? data.nextStage.fields : null });
  };

  return (
    <Card className="completion-card">
      <div className="completion-card__head">
        <p className="completion-card__title">Profile Completion</p>
        <span className={cn('completion-card__percent', `completion-card__percent--${tone}`)}>{percentage}%</span>
      </div>
      <Progress value={percentage} label="Profile completion" tone={tone} />
      {data.nextStage ? (
        <p className="completion-card__next">
          <strong>Next: {data.nextStage.name}.</strong> {data.nextStage.description}
        </p>
      ) : (
        <p className="completion-card__next">Your profile is complete. Tap a stage to update it.</p>
      )}
      <ol className="stage-list" aria-label="Completion stages">
        {data.stages.map((stage) => {
          const state = stageStateOf(stage.stage, data);
          return (
            <li key={stage.stage}>
              <button
                type="button"
                className={cn('stage-item', `stage-item--${state}`)}
                aria-disabled={state === 'locked' ? true : undefined}
                aria-current={state === 'active' ? 'step' : undefined}
                data-state={state}
                onClick={() => choose(stage.stage, state)}
              >
                <span className="stage-item__marker" aria-hidden="true">
                  {state === 'done' ? <Check size={14} /> : state === 'locked' ? <Lock size={12} /> : stage.stage}
                </span>
                <span className="stage-item__text">
                  <span className="stage-item__name">
                    Stage {stage.stage}: {stage.name}
                  </span>
                  <span className="stage-item__state">{STATE_TEXT[state]}</span>
                </span>
                {state === 'locked' ? null : <ChevronRight size={16} aria-hidden="true" className="stage-item__chevron" />}
              </button>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
