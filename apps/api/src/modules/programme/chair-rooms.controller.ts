import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { RoomDto } from '@symposium/domain';
import { IdParam } from '../../common/id-param.js';
import { OkDoc } from '../../common/openapi-docs.js';
import { CreateRoomDto, RoomDoc, UpdateRoomDto } from './dto/programme.dto.js';
import { ProgrammeErrors } from './programme.errors.js';
import { ProgrammeService } from './programme.service.js';

const RoomId = () => IdParam('roomId', ProgrammeErrors.roomNotFound);

/** /ViewEditAddRooms: chairs only. */
@ApiTags('programme')
@Controller('chair/rooms')
export class ChairRoomsController {
  constructor(private readonly programme: ProgrammeService) {}

  @Get()
  @ApiOkResponse({ type: [RoomDoc] })
  list(): Promise<RoomDto[]> {
    return this.programme.listRooms();
  }

  @Get(':roomId')
  @ApiParam({ name: 'roomId', type: Number })
  @ApiOkResponse({ type: RoomDoc })
  get(@RoomId() roomId: number): Promise<RoomDto> {
    return this.programme.getRoom(roomId);
  }

  @Post()
  @ApiCreatedResponse({ type: RoomDoc })
  create(@Body() body: CreateRoomDto): Promise<RoomDto> {
    return this.programme.createRoom(body);
  }

  @Put(':roomId')
  @ApiParam({ name: 'roomId', type: Number })
  @ApiOkResponse({ type: RoomDoc })
  update(@RoomId() roomId: number, @Body() body: UpdateRoomDto): Promise<RoomDto> {
    return this.programme.updateRoom(roomId, body);
  }

  @Delete(':roomId')
  @ApiParam({ name: 'roomId', type: Number })
  @ApiOkResponse({ type: OkDoc })
  remove(@RoomId() roomId: number): Promise<{ ok: true }> {
    return this.programme.deleteRoom(roomId);
  }
}
