import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ReminderDryRunDto, ReminderRuleDto, ReminderRunDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { MessageDoc } from '../../common/openapi-docs.js';
import {
  ReminderDryRunDoc,
  ReminderRuleBodyDto,
  ReminderRuleDoc,
  ReminderRunAnswer,
  ReminderRunDoc,
} from './dto/reminder.dto.js';
import { JobsErrors } from './jobs.errors.js';
import { RemindersService } from './reminders.service.js';

const RuleId = () => IdParam('ruleId', JobsErrors.notFound);

/**
 * Scheduled reminders (chairs only): rules (created paused), pause/resume (the chair screen shows the dry
 * run before resuming), dry run, run now, history.
 */
@ApiTags('reminders')
@Controller('chair/reminders')
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Get()
  @ApiOkResponse({ type: [ReminderRuleDoc] })
  list(): Promise<ReminderRuleDto[]> {
    return this.reminders.list();
  }

  @Post()
  @ApiCreatedResponse({ type: ReminderRuleDoc })
  create(@Body() body: ReminderRuleBodyDto): Promise<ReminderRuleDto> {
    return this.reminders.create(body as Parameters<RemindersService['create']>[0]);
  }

  @Get(':ruleId')
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: ReminderRuleDoc })
  get(@RuleId() id: number): Promise<ReminderRuleDto> {
    return this.reminders.get(id);
  }

  @Put(':ruleId')
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: ReminderRuleDoc })
  update(@RuleId() id: number, @Body() body: ReminderRuleBodyDto): Promise<ReminderRuleDto> {
    return this.reminders.update(id, body as Parameters<RemindersService['update']>[1]);
  }

  @Delete(':ruleId')
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: MessageDoc })
  remove(@RuleId() id: number): Promise<{ message: string }> {
    return this.reminders.remove(id);
  }

  @Post(':ruleId/pause')
  @HttpCode(200)
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: MessageDoc })
  pause(@RuleId() id: number): Promise<{ message: string }> {
    return this.reminders.setEnabled(id, false);
  }

  @Post(':ruleId/resume')
  @HttpCode(200)
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: MessageDoc })
  resume(@RuleId() id: number): Promise<{ message: string }> {
    return this.reminders.setEnabled(id, true);
  }

  @Post(':ruleId/dry-run')
  @HttpCode(200)
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: ReminderDryRunDoc })
  dryRun(@RuleId() id: number): Promise<ReminderDryRunDto> {
    return this.reminders.dryRun(id);
  }

  @Post(':ruleId/run')
  @HttpCode(200)
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: ReminderRunAnswer })
  run(@RuleId() id: number, @CurrentUser() user: AuthUser): Promise<{ queued: number; message: string }> {
    return this.reminders.runNow(id, 'chair', user.id, user.impersonatorId ?? null);
  }

  @Get(':ruleId/history')
  @ApiParam({ name: 'ruleId', type: Number })
  @ApiOkResponse({ type: [ReminderRunDoc] })
  history(@RuleId() id: number): Promise<ReminderRunDto[]> {
    return this.reminders.history(id);
  }
}
