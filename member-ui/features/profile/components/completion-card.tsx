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
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/catalogue';
import { stageDescription, stageName } from './stage-names';

/** Red below 30 %, yellow below 70 %, green otherwise. */
export function completionTone(percentage: number): ProgressTone {
  if (percentage < 30) return 'danger';
  if (percentage < 70) return 'warning';
  return 'success';
}


export type StageState = 'done' | 'active' | 'locked';

/** Earlier stages are done, the server's next stage is active, later ones wait (all done once complete). */
export function stageStateOf(stage: number, status: Pick<CompletionStatusView, 'nextStage'>): StageState {
  const next = status.nextStage?.stage;
  if (next === undefined) return 'done';
  if (stage < next) return 'done';
  return stage === next ? 'active' : 'locked';
}

const STATE_TEXT: Record<StageState, MessageId> = { done: 'editor.stateDone', active: 'editor.stateActive', locked: 'editor.stateLocked' };

export interface StageChoice {
  stage: number;
  /** The server's field list, when the chosen stage is the next one. */
  fields: string[] | null;
}

export function CompletionCard({ userId, onSelectStage }: { userId: number; onSelectStage: (choice: StageChoice) => void }) {
  const status = useQuery(completionStatusQueryOptions(userId));
  const t = useT();

  if (status.isPending) {
    return (
      <Card className="completion-card" aria-busy="true">
        <p className="completion-card__title">{t('editor.completion')}</p>
        <div className="completion-skeleton completion-skeleton--bar" />
        <div className="completion-skeleton completion-skeleton--rows" />
      </Card>
    );
  }

  if (status.isError) {
    return (
      <Card className="completion-card completion-card--error" role="alert">
        <p className="completion-card__title">{t('editor.completionError')}</p>
        <p className="card__text">{t('editor.completionErrorText')}</p>
        <p className="completion-card__error">{t('editor.completionFetchFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          <RefreshCw size={16} aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </Card>
    );
  }

  const data = status.data;
  const percentage = data.completionPercentage;
  const tone = completionTone(percentage);

  const choose = (stage: number, state: StageState) => {
    if (state === 'locked') {
      toast({ title: t('editor.lockedTitle'), description: t('editor.lockedText') });
      return;
    }
    onSelectStage({ stage, fields: state === 'active' && data.nextStage ? data.nextStage.fields : null });
  };

  return (
    <Card className="completion-card">
      <div className="completion-card__head">
        <p className="completion-card__title">{t('editor.completion')}</p>
        <span className={cn('completion-card__percent', `completion-card__percent--${tone}`)}>{percentage}%</span>
      </div>
      <Progress value={percentage} label={t('editor.completionLabel')} tone={tone} />
      {data.nextStage ? (
        <p className="completion-card__next">
          <strong>{t('editor.nextStage', { name: stageName(data.nextStage.stage) })}</strong> {stageDescription(data.nextStage.stage)}
        </p>
      ) : (
        <p className="completion-card__next">{t('editor.allComplete')}</p>
      )}
      <ol className="stage-list" aria-label={t('editor.stages')}>
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
                    {t('editor.stageLabel', { stage: stage.stage, name: stageName(stage.stage) })}
                  </span>
                  <span className="stage-item__state">{t(STATE_TEXT[state])}</span>
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
